import { randomUUID } from "node:crypto";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sanitizePostHtml } from "#server/services/sanitize-html.server.ts";
import { createManyPosts } from "#tests/factories/post.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import * as m0001 from "./0001-create-content.ts";
import * as m0002 from "./0002-create-auth.ts";
import * as m0003 from "./0003-create-post-slug-redirects.ts";
import * as m0004 from "./0004-post-versions-revisions.ts";
import * as m0005 from "./0005-publication-order-indexes.ts";
import {
  resanitizeStoredPostHtml,
  type SanitizePostHtml,
} from "./0007-sanitize-stored-post-html.ts";

const SITE = "https://studio.example";
const HOSTILE =
  "<p>Kept <strong>text</strong></p><img src=x onerror=alert(1)><script>alert(2)</script>" +
  '<p><a href="javascript:alert(3)">bad</a> <a href="https://studio.example/news">ours</a> ' +
  '<a href="https://example.com">theirs</a></p><iframe src="https://evil.example/x"></iframe>';
const CLEAN =
  '<p>Kept <strong>text</strong></p><p>bad <a href="https://studio.example/news">ours</a> ' +
  '<a href="https://example.com" target="_blank" rel="noopener noreferrer">theirs</a></p>';
/** More rows than one batch of the migration holds, so paging through them is exercised. */
const POSTS = 450;

describeEachDatabase("migration 0007: stored post HTML sanitized again", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false });
  });
  afterAll(() => database?.destroy());

  const sanitize: SanitizePostHtml = (html) => sanitizePostHtml(html, { siteUrl: SITE });
  const migrator = (upTo: number, withSanitizer: SanitizePostHtml | null = sanitize) =>
    new Migrator({
      db: database.handle.db,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(
            Object.entries({
              "0001-create-content": m0001,
              "0002-create-auth": m0002,
              "0003-create-post-slug-redirects": m0003,
              "0004-post-versions-revisions": m0004,
              "0005-publication-order-indexes": m0005,
              "0007-sanitize-stored-post-html": resanitizeStoredPostHtml(
                withSanitizer ?? undefined,
              ),
            }).slice(0, upTo),
          ),
      },
      migrationTableSchema: database.schema,
    });

  it("rewrites hostile HTML in posts, revisions and working copies, and leaves clean rows alone", async () => {
    const db = database.handle.db;
    expect((await migrator(5).migrateToLatest()).error).toBeUndefined();
    const posts = await createManyPosts(db, POSTS, (i) => ({
      content: i % 3 === 0 ? HOSTILE : `<p>Clean post ${i}.</p>`,
      updatedAt: "2026-01-01T00:00:00.000Z",
    }));
    const [first, second] = posts;
    if (!first || !second) throw new Error("no posts");
    await db
      .insertInto("post_revisions")
      .values(
        posts.slice(0, 300).map((post) => ({
          id: randomUUID(),
          postId: post.id,
          kind: "save",
          status: "published",
          title: post.title,
          slug: post.slug,
          excerpt: null,
          content: HOSTILE,
          featuredImage: null,
          featuredImageAlt: null,
          tags: "[]",
          authorId: null,
          savedBy: null,
          createdAt: "2026-01-01T00:00:00.000Z",
        })),
      )
      .execute();
    const values = { title: "Draft", slug: "draft", content: HOSTILE, tags: ["a"] };
    await db
      .insertInto("post_working_copies")
      .values([
        {
          postId: first.id,
          values: JSON.stringify(values),
          baseVersion: 1,
          savedBy: null,
          savedAt: "2026-01-01T00:00:00.000Z",
        },
        {
          postId: second.id,
          values: JSON.stringify({ ...values, content: "<p>ok</p>" }),
          baseVersion: 1,
          savedBy: null,
          savedAt: "2026-01-01T00:00:00.000Z",
        },
      ])
      .execute();

    // Without the sanitizer there is no way to do it: the migration fails and is not recorded.
    expect((await migrator(6, null).migrateToLatest()).error).toBeInstanceOf(Error);
    const stillHostile = await db
      .selectFrom("posts")
      .select("content")
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    expect(stillHostile.content).toBe(HOSTILE);

    expect((await migrator(6).migrateToLatest()).error).toBeUndefined();
    const stored = await db.selectFrom("posts").select(["id", "content", "updatedAt"]).execute();
    expect(stored).toHaveLength(POSTS);
    const byId = new Map(stored.map((row) => [row.id, row]));
    posts.forEach((post, i) => {
      const row = byId.get(post.id);
      expect(row?.content).toBe(i % 3 === 0 ? CLEAN : `<p>Clean post ${i}.</p>`);
      // Only the HTML changes: the post was not edited by anyone.
      expect(row?.updatedAt).toBe("2026-01-01T00:00:00.000Z");
    });
    const revisions = await db.selectFrom("post_revisions").select("content").execute();
    expect(revisions).toHaveLength(300);
    expect(new Set(revisions.map((r) => r.content))).toEqual(new Set([CLEAN]));
    const copies = await db
      .selectFrom("post_working_copies")
      .select(["postId", "values"])
      .orderBy("postId")
      .execute();
    const copyOf = (id: string) => JSON.parse(copies.find((c) => c.postId === id)?.values ?? "{}");
    expect(copyOf(first.id)).toEqual({ ...values, content: CLEAN });
    expect(copyOf(second.id)).toEqual({ ...values, content: "<p>ok</p>" });
  });

  it("changes nothing when it runs again", async () => {
    const db = database.handle.db;
    const before = await db.selectFrom("posts").select(["id", "content"]).orderBy("id").execute();
    let calls = 0;
    const counting: SanitizePostHtml = (html) => {
      calls += 1;
      return sanitize(html);
    };
    await resanitizeStoredPostHtml(counting).up(db);
    // Every post, revision and working copy was looked at, and each came back as it was.
    expect(calls).toBe(POSTS + 300 + 2);
    expect(await db.selectFrom("posts").select(["id", "content"]).orderBy("id").execute()).toEqual(
      before,
    );
  });
});
