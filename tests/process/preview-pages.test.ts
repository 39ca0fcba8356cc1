import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "#common/types/post.ts";
import type { NewPreviewLink } from "#common/types/preview-link.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/db.server.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
} from "#tests/helpers/server-process.ts";
import { signIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";

// A preview link's page as the production server answers it to a signed-out browser
// (docs/decisions/034-preview-links.md): the post as its page will look, marked as a preview,
// never indexed, never kept by any cache (the response cache included), and gone once revoked
// or expired.

const OWNER = { ADMIN_EMAIL: "owner@preview.test", ADMIN_PASSWORD: "owner-preview-password" };
const NOT_VALID = "This preview link is not valid or has expired";

describeEachDatabase("preview link pages", (kind) => {
  let data: ServerData;
  let server: ServerProcess;
  let owner: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    data = await createServerData(kind);
    server = await startServerProcess({ ...data.env, ...OWNER });
    owner = await signIn(server, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    handle = openDatabase({
      databaseUrl: data.postgres ? data.env.DATABASE_URL : undefined,
      dataDir: data.dataDir,
    });
  });
  afterAll(async () => {
    await handle?.close();
    await killServerProcesses();
    await data?.destroy();
  });

  /** A signed-out browser's request. */
  const visit = (path: string) => fetch(server.url + path, { redirect: "manual" });

  async function call<T>(method: string, path: string, body: unknown, status: number): Promise<T> {
    const response = await fetch(server.url + path, {
      method,
      headers: { "content-type": "application/json", origin: server.url, cookie: owner },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  }
  async function draftWithLink(title: string, settings: { noIndex?: boolean } = {}) {
    const slug = `${title.toLowerCase().replaceAll(" ", "-")}-${kind}`;
    const post = await call<Post>(
      "POST",
      "/api/posts",
      {
        title,
        slug,
        content: `<p>${title} body.</p>`,
        status: "draft",
        ...settings,
      },
      201,
    );
    const link = await call<NewPreviewLink>("POST", `/api/posts/${post.id}/preview-links`, {}, 201);
    return { post, link, path: new URL(link.url).pathname };
  }
  const setLink = (id: string, values: { revokedAt?: string; expiresAt?: string }) =>
    handle.db.updateTable("preview_links").set(values).where("id", "=", id).execute();

  it("shows a draft signed out, marked as a preview, noindex, no-store and no-referrer", async () => {
    const { link, path } = await draftWithLink("Hidden Grotto");
    const response = await visit(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Hidden Grotto body.");
    expect(html).toContain("Preview: not public yet.");
    expect(html).toContain(`<time dateTime="${link.expiresAt}">`);
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    // The token is the credential: the request log shows the address without it.
    // The request's log line is written just after the answer.
    await expect.poll(() => server.stdout()).toContain('"/preview/[redacted]"');
    expect(server.stdout()).not.toContain(path.split("/")[2]);
  });

  it("says noindex once for a post that is itself kept out of search engines", async () => {
    const { path } = await draftWithLink("Quiet Cove", { noIndex: true });
    const html = await (await visit(path)).text();
    expect(html.match(/<meta name="robots"/g)).toHaveLength(1);
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  });

  it("stops at once when revoked, though the response cache keeps other pages for a second", async () => {
    const { link, path } = await draftWithLink("Short Lived");
    expect((await visit(path)).status).toBe(200);
    // Straight in the database: a revoke through the API would empty the cache by itself.
    await setLink(link.id, { revokedAt: new Date().toISOString() });
    const gone = await visit(path);
    expect(gone.status).toBe(410);
    expect(gone.headers.get("cache-control")).toBe("private, no-store");
    const html = await gone.text();
    expect(html).toContain(NOT_VALID);
    expect(html).not.toContain("Short Lived");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  });

  it("answers 410 for an expired link and 404 for an unknown token", async () => {
    const { link, path } = await draftWithLink("Old News");
    await setLink(link.id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const expired = await visit(path);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain(NOT_VALID);
    const unknown = await visit(`${path.slice(0, -2)}xx`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await unknown.text()).toContain(NOT_VALID);
  });

  describe("a published post", () => {
    it("shows its working copy, marked as not the live version, while its page stays as it was", async () => {
      const post = await call<Post>(
        "POST",
        "/api/posts",
        {
          title: "Live Castle",
          slug: `live-castle-${kind}`,
          content: "<p>Live words.</p>",
          status: "published",
        },
        201,
      );
      const link = await call<NewPreviewLink>(
        "POST",
        `/api/posts/${post.id}/preview-links`,
        {
          expiresInDays: 1,
        },
        201,
      );
      await call(
        "PUT",
        `/api/posts/${post.id}/autosave`,
        {
          title: "Live Castle",
          slug: post.slug,
          content: "<p>Changed words.</p>",
          version: post.version,
        },
        200,
      );
      const preview = await (await visit(new URL(link.url).pathname)).text();
      expect(preview).toContain("Changed words.");
      expect(preview).toContain("Preview: not the live version.");
      const live = await (await visit(`/blog/${post.slug}`)).text();
      expect(live).toContain("Live words.");
      expect(live).not.toContain("Preview:");
    });
  });
});
