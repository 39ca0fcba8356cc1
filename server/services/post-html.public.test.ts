import { afterAll, beforeAll, expect, it } from "vitest";
import { resanitizeStoredPostHtml } from "#server/db/migrations/0007-sanitize-stored-post-html.ts";
import { sanitizePostHtml } from "#server/services/sanitize-html.server.ts";
import { createManyPosts, createPost } from "#tests/factories/post.ts";
import { publicView } from "#tests/helpers/post-page.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// Post HTML is sanitized when it is written and shown as stored (docs/decisions/010-sanitize-on-write.md):
// what the public page and the public API give a visitor is the stored, sanitized HTML.

const HOSTILE =
  '<p onclick="alert(1)">Hello</p><img src=x onerror=alert(2)><script>alert(3)</script>' +
  '<img src="/uploads/a.png" alt="A" onload="alert(4)"><p><a href="javascript:alert(5)">bad</a></p>';
const CLEAN = '<p>Hello</p><img src="/uploads/a.png" alt="A"><p>bad</p>';

describeEachDatabase("post HTML as a visitor gets it", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;

  it("is stored sanitized when a post is inserted, and served as stored by the page and the API", async () => {
    const post = await createPost(db(), { content: HOSTILE });
    expect(post.content).toBe(CLEAN);
    const stored = await db()
      .selectFrom("posts")
      .select("content")
      .where("id", "=", post.id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe(CLEAN);

    const view = await publicView(server, post.slug);
    expect(view.status).toBe(200);
    expect(view.api.content).toBe(CLEAN);
    // The page adds only lazy loading for display.
    expect(view.page.contentHtml).toBe(
      '<p>Hello</p><img src="/uploads/a.png" alt="A" loading="lazy"><p>bad</p>',
    );
  });

  it("serves rows stored before sanitizing on write clean once the migration has run", async () => {
    const [old] = await createManyPosts(db(), 1, () => ({ content: HOSTILE }));
    if (!old) throw new Error("no post");
    await resanitizeStoredPostHtml((html) =>
      sanitizePostHtml(html, { siteUrl: server.config.siteUrl }),
    ).up(db());
    const view = await publicView(server, old.slug);
    expect(view.api.content).toBe(CLEAN);
    expect(view.page.contentHtml).not.toMatch(/script|onerror|onload|onclick|javascript:/i);
    expect(view.page.contentHtml).toContain('<p>Hello</p><img src="/uploads/a.png" alt="A"');
  });
});
