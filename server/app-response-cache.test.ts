import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "#common/types/post.ts";
import { createPost } from "#tests/factories/post.ts";
import { OWNER_ENV, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The response cache as the app sets it up, over HTTP on both databases. Data is arranged
// straight in the database, as another server process would change it: the cache does not see
// such a change until its answers expire. Pages: tests/process/response-cache.test.ts.

const TTL_MS = 1000;

/**
 * The cache's clock, moved only by the tests: requests fall within one lifetime however slowly
 * the machine runs, and answers expire exactly when a test says so.
 */
let clockMs = Date.parse("2030-01-15T10:00:00.000Z");
const cacheClock = () => clockMs;
/** Lets every answer kept so far expire. */
const expireAll = () => {
  clockMs += TTL_MS + 1;
};

describeEachDatabase("the response cache in the app", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, OWNER_ENV, {
      responseCacheTtlMs: TTL_MS,
      responseCacheClock: cacheClock,
    });
  });
  afterAll(() => server.close());

  const db = () => server.db.handle.db;
  const slugs = async (response: Response) =>
    ((await response.json()) as Post[]).map((post) => post.slug);

  it("answers an anonymous repeat from the cache until it expires", async () => {
    expireAll();
    const before = await slugs(await server.request("/api/posts/published"));
    const post = await createPost(db());
    expect(await slugs(await server.request("/api/posts/published"))).toEqual(before);
    expireAll();
    expect(await slugs(await server.request("/api/posts/published"))).toContain(post.slug);
  });

  it("keeps the answer for a missing slug no longer than for any other", async () => {
    expireAll();
    const post = await createPost(db(), { status: "draft" });
    expect((await server.request(`/api/posts/slug/${post.slug}`)).status).toBe(404);
    await db()
      .updateTable("posts")
      .set({ status: "published" })
      .where("id", "=", post.id)
      .execute();
    expect((await server.request(`/api/posts/slug/${post.slug}`)).status).toBe(404);
    expireAll();
    expect((await server.request(`/api/posts/slug/${post.slug}`)).status).toBe(200);
  });

  it("never answers a request with a session cookie from the cache", async () => {
    expireAll();
    const owner = await signInAs(server, "owner");
    await server.request("/api/posts/published");
    const post = await createPost(db());
    const signedIn = await server.request("/api/posts/published", {
      headers: { cookie: owner.cookie },
    });
    expect(await slugs(signedIn)).toContain(post.slug);
    expect(await slugs(await server.request("/api/posts/published"))).not.toContain(post.slug);
  });

  it("keeps each query string apart", async () => {
    expireAll();
    await createPost(db());
    await createPost(db());
    const one = await slugs(await server.request("/api/posts/published?limit=1"));
    const two = await slugs(await server.request("/api/posts/published?limit=2"));
    expect(one).toHaveLength(1);
    expect(two).toHaveLength(2);
  });

  it("empties after a successful write, not after a refused one", async () => {
    expireAll();
    await server.request("/api/posts/published");
    const post = await createPost(db());
    const refused = await server.postJson("/api/newsletter/subscribe", { email: "not-an-address" });
    expect(refused.status).toBe(400);
    expect(await slugs(await server.request("/api/posts/published"))).not.toContain(post.slug);
    const accepted = await server.postJson(
      "/api/newsletter/subscribe",
      { email: `reader-${post.id}@example.com` },
      { headers: { "content-type": "application/json", origin: server.url } },
    );
    expect(accepted.status).toBe(200);
    expect(await slugs(await server.request("/api/posts/published"))).toContain(post.slug);
  });

  it("never keeps the health check", async () => {
    const broken = await startTestServer(
      kind,
      {},
      { responseCacheTtlMs: TTL_MS, responseCacheClock: cacheClock },
    );
    try {
      expect((await broken.request("/healthz")).status).toBe(200);
      await broken.db.handle.close();
      expect((await broken.request("/healthz")).status).toBe(503);
    } finally {
      await broken.close();
    }
  });

  it("sends cached API answers with the same headers as before, plus Vary and an ETag", async () => {
    expireAll();
    await createPost(db(), { category: "marketplace-content", packType: "world" });
    for (let i = 0; i < 2; i++) {
      const response = await server.request("/api/portfolio");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self';");
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("etag")).toMatch(/^W\/"/);
      expect(Array.isArray(await response.json())).toBe(true);
    }
  });

  it("answers 304 to If-None-Match with the current ETag", async () => {
    const first = await server.request("/api/portfolio");
    const etag = first.headers.get("etag") ?? "";
    const again = await server.request("/api/portfolio", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  it("compresses as the client accepts", async () => {
    for (let i = 0; i < 3; i++) await createPost(db(), { content: "<p>Words. </p>".repeat(200) });
    expireAll();
    const plain = await server.request("/api/posts/published", {
      headers: { "accept-encoding": "identity" },
    });
    const expected = await plain.json();
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await server.request("/api/posts/published", {
        headers: { "accept-encoding": accept },
      });
      expect(response.headers.get("content-encoding"), accept).toBe(encoding);
      expect(await response.json()).toEqual(expected);
    }
  });
});

describe("createApp with the response cache off", () => {
  it("answers every request from the database", async () => {
    const server = await startTestServer("sqlite", {}, { responseCacheTtlMs: 0 });
    try {
      await server.request("/api/posts/published");
      const post = await createPost(server.db.handle.db);
      const response = await server.request("/api/posts/published");
      expect(((await response.json()) as Post[]).map((p) => p.slug)).toContain(post.slug);
      expect(response.headers.get("etag")).toBeNull();
    } finally {
      await server.close();
    }
  });
});
