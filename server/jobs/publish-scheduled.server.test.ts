import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setLogDestination } from "#server/config/logger.server.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/db.server.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { eventually } from "#tests/helpers/http.ts";
import { type LogLine, logLinesInto } from "#tests/helpers/log-lines.ts";
import { testNewsletterSite } from "#tests/helpers/newsletter-site.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";
import { publishDuePosts, startScheduledPublishing } from "./publish-scheduled.server.ts";

const HOUR = 3_600_000;
const SITE = testNewsletterSite();

describeEachDatabase("publishing scheduled posts", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.destroy());
  const db = () => database.handle.db;

  const read = (id: string) =>
    db()
      .selectFrom("posts")
      .select(["status", "publishedAt", "scheduledAt", "updatedAt"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  /** A second connection (SQLite) or pool (PostgreSQL) to the same data, like a second server. */
  function openSecondHandle(): DatabaseHandle {
    return openDatabase({
      databaseUrl: database.databaseUrl,
      dataDir: database.dataDir,
      schema: database.schema,
    });
  }

  describe("publishDuePosts", () => {
    it("flips due scheduled posts to published at their scheduled time and leaves the rest", async () => {
      const due = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(-HOUR) });
      const justDue = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(-1) });
      const future = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(HOUR) });
      const draft = await createPost(db(), { status: "draft" });
      const published = await createPost(db(), { status: "published" });

      expect(await publishDuePosts(db())).toBeGreaterThanOrEqual(2);

      for (const post of [due, justDue]) {
        expect(await read(post.id)).toEqual({
          status: "published",
          publishedAt: post.scheduledAt,
          scheduledAt: post.scheduledAt,
          updatedAt: post.updatedAt,
        });
      }
      expect(await read(future.id)).toMatchObject({ status: "scheduled", publishedAt: null });
      expect(await read(draft.id)).toMatchObject({ status: "draft", publishedAt: null });
      expect(await read(published.id)).toMatchObject({
        status: "published",
        publishedAt: published.publishedAt,
      });
      expect(await publishDuePosts(db())).toBe(0);
    });

    it("keeps the first publication time of a post that was published before", async () => {
      const first = "2024-01-01T10:00:00.000Z";
      const post = await createPost(db(), {
        status: "scheduled",
        scheduledAt: fromNow(-HOUR),
        publishedAt: first,
      });
      await publishDuePosts(db());
      expect(await read(post.id)).toMatchObject({ status: "published", publishedAt: first });
    });

    it("flips each post exactly once when two servers sweep one database at the same moment", async () => {
      const posts = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          createPost(db(), { status: "scheduled", scheduledAt: fromNow(-HOUR - i * 1000) }),
        ),
      );
      const second = openSecondHandle();
      try {
        const counts = await Promise.all([
          publishDuePosts(db()),
          publishDuePosts(second.db),
          publishDuePosts(db()),
          publishDuePosts(second.db),
        ]);
        expect(counts.reduce((sum, n) => sum + n, 0)).toBe(posts.length);
      } finally {
        await second.close();
      }
      for (const post of posts) {
        expect(await read(post.id)).toMatchObject({
          status: "published",
          publishedAt: post.scheduledAt,
        });
      }
    });
  });

  describe("startScheduledPublishing", () => {
    it("sweeps once at start and then on every interval until stopped", async () => {
      const due = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(-HOUR) });
      const soon = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(300) });
      const publishing = startScheduledPublishing(db(), SITE, { intervalMs: 100 });
      try {
        await eventually(async () => expect((await read(due.id)).status).toBe("published"));
        await eventually(async () => expect((await read(soon.id)).status).toBe("published"));
      } finally {
        await publishing.stop();
      }
      const later = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(50) });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await read(later.id)).status).toBe("scheduled");
    });

    it("publishes each due post once when two processes sweep, and says so once", async () => {
      // What earlier tests left due is published first: only this test's posts are counted.
      await publishDuePosts(db());
      const posts = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          createPost(db(), { status: "scheduled", scheduledAt: fromNow(-HOUR - i) }),
        ),
      );
      const lines: LogLine[] = [];
      const previous = setLogDestination(logLinesInto(lines));
      const second = openSecondHandle();
      const both = [
        startScheduledPublishing(db(), SITE, { intervalMs: 20 }),
        startScheduledPublishing(second.db, SITE, { intervalMs: 20 }),
      ];
      try {
        for (const post of posts) {
          await eventually(async () => expect((await read(post.id)).status).toBe("published"));
        }
        // A few more rounds of both sweeping, with nothing left to do.
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        await Promise.all(both.map((publishing) => publishing.stop()));
        await second.close();
        setLogDestination(previous);
      }
      const published = lines
        .map((line) => /^Published (\d+) scheduled post/.exec(line.msg)?.[1])
        .filter((n) => n !== undefined)
        .map(Number);
      expect(published.reduce((sum, n) => sum + n, 0)).toBe(posts.length);
    });

    it("logs a failed sweep and keeps going", async () => {
      // A database without tables (no posts, and on SQLite no lease table): every sweep fails.
      const broken = await createTestDatabase(kind, { migrate: false });
      allowConsoleError(100);
      const calls = () => vi.mocked(console.error).mock.calls;
      const publishing = startScheduledPublishing(broken.handle.db, SITE, { intervalMs: 50 });
      try {
        await eventually(async () => expect(calls().length).toBeGreaterThanOrEqual(2));
      } finally {
        await publishing.stop();
        await broken.destroy();
      }
      expect(String(calls()[0]?.[0])).toMatch(
        /^Publishing scheduled posts failed: .*(posts|job_leases)/,
      );
    });
  });
});
