import { createHash } from "node:crypto";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import { createPost } from "#tests/factories/post.ts";
import {
  createServerData,
  killServerProcesses,
  openServerDatabase,
  type ServerData,
  type ServerProcess,
  startServerProcess,
} from "#tests/helpers/server-process.ts";
import { signIn } from "#tests/helpers/staff.ts";

// Server-rendered pages through the response cache of the production build (one second). Posts
// are added straight to the database, as another server process would: the cache does not see
// them until its answers expire.

const OWNER = { ADMIN_EMAIL: "owner@cache.test", ADMIN_PASSWORD: "owner-cache-password" };
/** The production server keeps anonymous answers this long (README, "Response cache"). */
const TTL_MS = 1000;
const BEYOND_TTL_MS = TTL_MS + 300;
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
/** An inline script that runs: no src, and no type but a module's. */
const INLINE_SCRIPT =
  /<script(?![^>]* src=)(?![^>]* type="(?!module")[^"]*")[^>]*>([\s\S]*?)<\/script>/g;

// On SQLite only: the response cache lives in the server's memory and answers alike on either
// database; what the pages read is proved on both by the API suites and post-pages.test.ts.
describe("pages from the response cache [sqlite]", () => {
  let data: ServerData;
  let server: ServerProcess;
  let db: Db;
  let closeDb: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    data = await createServerData("sqlite");
    server = await startServerProcess({ ...data.env, ...OWNER });
    ({ db, close: closeDb } = openServerDatabase(data));
  });
  afterAll(async () => {
    await killServerProcesses();
    await closeDb();
    await data?.destroy();
  });

  function get(path: string, headers: Record<string, string> = {}) {
    return fetch(server.url + path, { headers, redirect: "manual" });
  }

  /**
   * The script hashes of the response's policy, and the hash of every inline script of its
   * page that a browser runs (not data blocks such as JSON-LD, which no policy governs).
   */
  async function scriptHashesOf(response: Response) {
    const html = await response.text();
    const policy = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(policy)?.[1] ?? "";
    return {
      html,
      inPolicy: [...scriptSrc.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]),
      inPage: [...html.matchAll(INLINE_SCRIPT)].map((match) =>
        createHash("sha256")
          .update(match[1] ?? "")
          .digest("base64"),
      ),
    };
  }

  it("keeps one page for everyone: the public pages have no inline script to allow", async () => {
    const post = await createPost(db);
    for (const path of ["/", "/", `/blog/${post.slug}`, `/blog/${post.slug}`, "/news"]) {
      const bodies = new Set<string>();
      for (const accept of ["identity", "gzip", BROWSER_ENCODINGS]) {
        const response = await get(path, { "accept-encoding": accept });
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-encoding")).toBe(
          accept === "identity" ? null : accept === "gzip" ? "gzip" : "br",
        );
        expect(response.headers.get("vary")).toBe("Accept-Encoding, Cookie");
        expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=1");
        // React does not hydrate them (docs/decisions/031-static-public-pages.md): the site
        // script is a file, and the policy allows scripts from the site only.
        const { html, inPolicy, inPage } = await scriptHashesOf(response);
        expect(inPage, path).toEqual([]);
        expect(inPolicy, path).toEqual([]);
        expect(html).toMatch(/<script type="module" src="\/assets\/[^"]+\.js">/);
        expect(html).not.toContain("nonce=");
        bodies.add(html);
      }
      expect(bodies.size, path).toBe(1);
    }
  });

  it("allows every inline script of a hydrated page by its hash, and keeps no such page", async () => {
    const response = await get("/login");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control") ?? "").not.toContain("public");
    const { html, inPolicy, inPage } = await scriptHashesOf(response);
    expect(inPage.length).toBeGreaterThan(1);
    expect(new Set(inPolicy)).toEqual(new Set(inPage));
    expect(html).not.toContain("nonce=");
  });

  it("abandons the renders of clients that went away, quietly, and keeps answering", async () => {
    const logged = server.stderr().length;
    const gone = Array.from(
      { length: 30 },
      (_, i) =>
        new Promise<void>((resolve) => {
          const socket = net.connect(new URL(server.url).port as unknown as number, "127.0.0.1");
          socket.on("error", () => resolve());
          socket.on("close", () => resolve());
          socket.write(`GET /news?left=${i} HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n\r\n`);
          setTimeout(() => socket.destroy(), 5 + (i % 10));
        }),
    );
    await Promise.all(gone);
    await sleep(500);
    for (const path of ["/news", "/", "/news?left=1"]) {
      expect((await get(path)).status, path).toBe(200);
    }
    expect(server.stderr().slice(logged)).toBe("");
  });

  it("shows a new post to anonymous visitors once the cached page expires, to staff at once", async () => {
    await sleep(BEYOND_TTL_MS);
    const askedAt = Date.now();
    const first = await (await get("/")).text();
    const post = await createPost(db, { title: `Fresh from the workshop ${Date.now()}` });
    expect(first).not.toContain(post.title);
    const second = await (await get("/")).text();
    // The page kept from before the post existed, when the second request came within the
    // cache's lifetime of the first: only a busy machine takes longer, and then it rightly
    // renders the page afresh.
    if (Date.now() - askedAt < TTL_MS) expect(second).not.toContain(post.title);

    const cookie = await signIn(server, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    const signedIn = await get("/", { cookie });
    expect(await signedIn.text()).toContain(post.title);

    await sleep(BEYOND_TTL_MS);
    expect(await (await get("/")).text()).toContain(post.title);
  });

  it("keeps page data for client-side navigation, with a validator", async () => {
    const response = await get("/news.data");
    expect(response.status).toBe(200);
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    const again = await get("/news.data", { "if-none-match": etag ?? "" });
    expect(again.status).toBe(304);
  });

  it("sends build files compressed, with a validator, and a missing one as a 404", async () => {
    // A hydrated page preloads React, React DOM and React Router: a file large enough to be
    // compressed.
    const html = await (await get("/login")).text();
    const script = /"(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const plain = await get(script ?? "", { "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    const text = await plain.text();
    for (const encoding of ["br", "gzip"]) {
      const response = await get(script ?? "", { "accept-encoding": encoding });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(response.headers.get("cache-control")).toContain("immutable");
      expect(await response.text()).toBe(text);
    }
    const etag = plain.headers.get("etag") ?? "";
    expect((await get(script ?? "", { "if-none-match": etag })).status).toBe(304);
    expect((await get("/assets/no-such-file.js")).status).toBe(404);
  });

  it("never keeps the dashboard or the sign-in page", async () => {
    for (let i = 0; i < 2; i++) {
      // A kept answer carries the cache's validator.
      const dashboard = await get("/dashboard");
      expect(dashboard.status).toBe(401);
      expect(dashboard.headers.get("etag")).toBeNull();
      const login = await get("/login");
      expect(login.status).toBe(200);
      expect(login.headers.get("etag")).toBeNull();
      expect(login.headers.get("cache-control") ?? "").not.toContain("public");
    }
  });
});
