import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  APP_CATEGORIES,
  APP_PLATFORMS,
  APP_RELATIONSHIPS,
  APP_STATUSES,
  PACK_TYPES,
  POST_CATEGORIES,
} from "#common/constants.ts";
import { loadConfig } from "#server/config/env.server.ts";
import { type Db, openDatabase } from "#server/db/db.server.ts";
import { listPublishedPosts } from "#server/services/public-post-lists.server.ts";
import { openUploadStore } from "#server/storage/upload-store.server.ts";
import { uploadsDir } from "#server/storage/uploads.server.ts";
import { createPost } from "#tests/factories/post.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { buildDemoContent } from "./demo-content.server.ts";
import { DAY } from "./demo-context.server.ts";
import { type SeedSummary, seedDemoContent } from "./seed.server.ts";

const COMPANY = "Block & Bolt Studios";

describeEachDatabase("seedDemoContent", (kind) => {
  let test: TestDatabase;
  const config = () =>
    loadConfig({
      DATA_DIR: test.dataDir,
      SESSION_SECRET: "a-test-secret-that-is-long-enough-to-pass",
      COMPANY_NAME: COMPANY,
      EXTERNAL_EDITOR_URL: "https://editor.blockandbolt.net",
    });
  const db = () => test.handle.db;
  /** What a server process seeds with: its database, configuration and upload store. */
  const site = (database = db()) => {
    const siteConfig = config();
    return {
      db: database,
      config: siteConfig,
      uploads: openUploadStore(siteConfig.storage, siteConfig.dataDir),
    };
  };

  describe("on an empty database", () => {
    const now = new Date();
    let summary: SeedSummary | null;
    beforeAll(async () => {
      test = await createTestDatabase(kind);
      summary = await seedDemoContent(site(), { now });
    });
    afterAll(() => test.destroy());

    it("gives every post an author from the demo team, who are inactive and cannot sign in", async () => {
      const authors = await db()
        .selectFrom("posts")
        .leftJoin("users", "users.id", "posts.authorId")
        .leftJoin("employees", "employees.email", "users.email")
        .select(["users.id", "employees.firstName", "employees.lastName", "employees.isActive"])
        .execute();
      expect(authors.every((a) => a.id !== null && a.firstName !== null)).toBe(true);
      expect(new Set(authors.map((a) => `${a.firstName} ${a.lastName}`))).toEqual(
        new Set(["Mara Quinn", "Theo Brandt", "Ines Okafor"]),
      );
      expect(authors.every((a) => !a.isActive)).toBe(true);
      expect(summary).toMatchObject({ staff: 3 });
      const logins = await db()
        .selectFrom("accounts")
        .select("id")
        .where("userId", "in", [...new Set(authors.map((a) => a.id as string))])
        .execute();
      expect(logins).toEqual([]);
    });

    it("adds posts of every category, pack type and status", async () => {
      const posts = await allPosts(db());
      expect(summary).toMatchObject({ posts: posts.length, apps: 8, subscribers: 5 });
      expect(posts.length).toBeGreaterThanOrEqual(12);

      expect(new Set(posts.map((p) => p.category))).toEqual(new Set(POST_CATEGORIES));
      const marketplace = posts.filter((p) => p.category === "marketplace-content");
      expect(new Set(marketplace.map((p) => p.packType))).toEqual(new Set(PACK_TYPES));
      for (const post of marketplace) {
        expect(post.marketplaceUrl).toMatch(
          /^https:\/\/www\.minecraft\.net\/en-us\/marketplace\/pdp\?id=[0-9a-f-]{36}$/,
        );
      }
      const releases = marketplace.map((p) => Date.parse(p.releaseDate ?? ""));
      expect(releases.some((t) => t < now.getTime())).toBe(true);
      expect(releases.some((t) => t > now.getTime())).toBe(true);

      expect(posts.filter((p) => p.status === "draft").length).toBeGreaterThanOrEqual(2);
      const scheduled = posts.filter((p) => p.status === "scheduled");
      const due = scheduled.filter((p) => Date.parse(p.scheduledAt ?? "") <= now.getTime());
      const future = scheduled.filter((p) => Date.parse(p.scheduledAt ?? "") > now.getTime());
      expect(due).toHaveLength(1);
      expect(future).toHaveLength(1);
      for (const post of scheduled) expect(post.timezone).toBeTruthy();

      // What visitors see: published and due posts, not drafts or next week's post.
      const visible = (await listPublishedPosts(db(), { now })).map((p) => p.slug);
      expect(visible).toContain(due[0]?.slug);
      expect(visible).not.toContain(future[0]?.slug);
      expect(visible.length).toBeGreaterThanOrEqual(10);

      const videoForms = posts
        .filter((p) => p.category === "youtube")
        .map((p) => videoUrlForm(p.youtubeUrl));
      expect(new Set(videoForms)).toEqual(new Set(["watch", "youtu.be", "shorts"]));
      const trailers = marketplace.filter((p) => p.youtubeUrl !== null);
      expect(trailers.length).toBeGreaterThan(0);
      for (const post of trailers) {
        expect(["world", "addon"]).toContain(post.packType);
        expect(videoUrlForm(post.youtubeUrl)).not.toBeNull();
      }

      // Newest first is visible: no two posts share a creation time.
      expect(new Set(posts.map((p) => p.createdAt)).size).toBe(posts.length);
      expect(posts.some((p) => JSON.parse(p.tags).length > 0)).toBe(true);
      expect(posts.some((p) => p.featuredImage === null)).toBe(true);
    });

    it("dates posts like a real site: written, then published, then perhaps edited", async () => {
      const posts = await allPosts(db());
      const time = (value: string | null) => Date.parse(value ?? "");
      for (const post of posts) {
        expect(time(post.updatedAt), post.slug).toBeGreaterThanOrEqual(time(post.createdAt));
        expect(time(post.updatedAt), post.slug).toBeLessThanOrEqual(now.getTime());
        if (post.status !== "published") {
          expect(post.publishedAt, post.slug).toBeNull();
          continue;
        }
        expect(time(post.publishedAt), post.slug).toBeGreaterThan(time(post.createdAt));
        expect(time(post.publishedAt), post.slug).toBeLessThanOrEqual(time(post.updatedAt));
      }
      const published = posts.filter((p) => p.status === "published");
      // Over months, each post at its own time, some edited after publication.
      const times = published.map((p) => time(p.publishedAt));
      expect(new Set(times).size).toBe(published.length);
      expect((Math.max(...times) - Math.min(...times)) / DAY).toBeGreaterThan(150);
      expect(published.some((p) => time(p.updatedAt) > time(p.publishedAt))).toBe(true);
      expect(posts.some((p) => p.status === "draft" && time(p.updatedAt) > time(p.createdAt))).toBe(
        true,
      );

      // Readers see them by publication, which is not the order in which they were written.
      const visible = await listPublishedPosts(db(), { now });
      const shown = visible.map((p) => time(p.publishedAt ?? p.scheduledAt));
      expect(shown).toEqual([...shown].sort((a, b) => b - a));
      const byCreation = [...visible].sort((a, b) => time(b.createdAt) - time(a.createdAt));
      expect(visible.map((p) => p.slug)).not.toEqual(byCreation.map((p) => p.slug));
    });

    it("writes the same content for the same time", () => {
      expect(buildDemoContent(config(), now)).toEqual(buildDemoContent(config(), now));
    });

    it("writes rich HTML in the studio's own name", async () => {
      const posts = await allPosts(db());
      const html = posts.map((p) => p.content).join("\n");
      for (const tag of [
        "<h2>",
        "<h3>",
        "<ul>",
        "<ol>",
        "<blockquote>",
        "<strong>",
        "<em>",
        "<code>",
      ]) {
        expect(html).toContain(tag);
      }
      expect(html).toMatch(/<a href="https:\/\//);
      expect(html).toContain("Block &amp; Bolt Studios");
      expect(html).not.toContain("Block & Bolt");
      expect(html.toLowerCase()).not.toContain("lorem");
      expect(posts.map((p) => p.title)).toContain(`Five Years of ${COMPANY}`);
      for (const post of posts) expect(post.excerpt).toBeTruthy();
    });

    it("adds apps of every relationship and status, and subscribers", async () => {
      const apps = await db()
        .selectFrom("apps")
        .select([
          "category",
          "relationship",
          "status",
          "platforms",
          "websiteUrl",
          "downloadUrl",
          "downloadCount",
          "rating",
          "sortOrder",
        ])
        .execute();
      expect(apps.length).toBeGreaterThanOrEqual(8);
      expect(new Set(apps.map((a) => a.relationship))).toEqual(new Set(APP_RELATIONSHIPS));
      expect(new Set(apps.map((a) => a.status))).toEqual(new Set(APP_STATUSES));
      for (const app of apps) {
        expect(APP_CATEGORIES).toContain(app.category);
        for (const platform of JSON.parse(app.platforms)) expect(APP_PLATFORMS).toContain(platform);
      }
      expect(apps.some((a) => a.websiteUrl === null)).toBe(true);
      expect(apps.some((a) => a.websiteUrl?.startsWith("https://editor.blockandbolt.net"))).toBe(
        true,
      );
      expect(apps.some((a) => a.downloadUrl !== null)).toBe(true);
      const downloads = apps.map((a) => Number(a.downloadCount));
      expect(Math.min(...downloads)).toBeLessThan(1000);
      expect(Math.max(...downloads)).toBeGreaterThanOrEqual(1_000_000);
      expect(new Set(apps.map((a) => a.sortOrder)).size).toBe(apps.length);

      const subscribers = await db().selectFrom("subscribers").select("createdAt").execute();
      expect(subscribers).toHaveLength(5);
      const weekAgo = now.getTime() - 7 * 24 * 3_600_000;
      expect(subscribers.some((s) => Date.parse(s.createdAt) > weekAgo)).toBe(true);
      expect(subscribers.some((s) => Date.parse(s.createdAt) < weekAgo)).toBe(true);
    });

    it("generates every image it refers to, at the recommended sizes", async () => {
      const dir = uploadsDir(test.dataDir);
      const posts = await allPosts(db());
      const apps = await db().selectFrom("apps").select(["logoUrl", "imageUrl"]).execute();
      const expected: [string, number, number][] = [
        ...posts.flatMap((p) => (p.featuredImage ? [[p.featuredImage, 1200, 630] as const] : [])),
        ...apps.flatMap((a) => [
          [uploadName(a.logoUrl), 256, 256] as const,
          [uploadName(a.imageUrl), 1200, 630] as const,
        ]),
      ].map(([file, width, height]) => [file, width, height]);

      expect(readdirSync(dir).sort()).toEqual(expected.map(([file]) => file).sort());
      for (const [file, width, height] of expected) {
        expect(file).toMatch(/^demo-[a-z0-9-]+-[0-9a-f]{6}\.png$/);
        const metadata = await sharp(path.join(dir, file)).metadata();
        expect({
          file,
          format: metadata.format,
          width: metadata.width,
          height: metadata.height,
        }).toEqual({
          file,
          format: "png",
          width,
          height,
        });
      }
    });
  });

  describe("on a database with content", () => {
    beforeEach(async () => {
      test = await createTestDatabase(kind);
    });
    afterEach(() => test.destroy());

    it("adds nothing when run a second time", async () => {
      await seedDemoContent(site());
      const before = await counts(db());
      const files = readdirSync(uploadsDir(test.dataDir)).length;

      expect(await seedDemoContent(site())).toBeNull();
      expect(await counts(db())).toEqual(before);
      expect(readdirSync(uploadsDir(test.dataDir))).toHaveLength(files);
    });

    it("adds nothing when the database already has a post", async () => {
      await createPost(db(), { title: "Our own first post" });

      expect(await seedDemoContent(site())).toBeNull();
      expect(await counts(db())).toEqual({ posts: 1, apps: 0, subscribers: 0 });
    });
  });

  describe("from two connections at once", () => {
    beforeEach(async () => {
      test = await createTestDatabase(kind);
    });
    afterEach(() => test.destroy());

    it("seeds exactly one set and leaves no stray images", async () => {
      const second = openDatabase({
        databaseUrl: test.databaseUrl,
        dataDir: test.dataDir,
        schema: test.schema,
      });
      try {
        const results = await Promise.all([
          seedDemoContent(site()),
          seedDemoContent(site(second.db)),
        ]);
        expect(results.filter((r) => r !== null)).toHaveLength(1);
        const seeded = results.find((r) => r !== null);
        expect(await counts(db())).toEqual({
          posts: seeded?.posts,
          apps: seeded?.apps,
          subscribers: seeded?.subscribers,
        });
        expect(readdirSync(uploadsDir(test.dataDir))).toHaveLength(seeded?.images ?? -1);
      } finally {
        await second.close();
      }
    });
  });
});

function allPosts(db: Db) {
  return db
    .selectFrom("posts")
    .select([
      "slug",
      "title",
      "excerpt",
      "content",
      "status",
      "category",
      "packType",
      "marketplaceUrl",
      "youtubeUrl",
      "featuredImage",
      "scheduledAt",
      "timezone",
      "releaseDate",
      "tags",
      "publishedAt",
      "createdAt",
      "updatedAt",
    ])
    .orderBy("createdAt", "desc")
    .execute();
}

async function counts(db: Db) {
  const count = async (table: "posts" | "apps" | "subscribers") => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    posts: await count("posts"),
    apps: await count("apps"),
    subscribers: await count("subscribers"),
  };
}

/** Which of YouTube's URL forms a URL uses, when it carries an 11-character video id. */
function videoUrlForm(url: string | null): "watch" | "youtu.be" | "shorts" | null {
  if (url === null) return null;
  const parsed = new URL(url);
  const id = /^[A-Za-z0-9_-]{11}$/;
  if (parsed.hostname === "youtu.be" && id.test(parsed.pathname.slice(1))) return "youtu.be";
  if (!/^(www\.)?youtube\.com$/.test(parsed.hostname)) return null;
  if (parsed.pathname === "/watch" && id.test(parsed.searchParams.get("v") ?? "")) return "watch";
  const shorts = parsed.pathname.match(/^\/shorts\/([^/]+)$/);
  return shorts?.[1] && id.test(shorts[1]) ? "shorts" : null;
}

function uploadName(url: string | null): string {
  expect(url).toMatch(/^\/uploads\/[^/]+$/);
  return (url ?? "").slice("/uploads/".length);
}
