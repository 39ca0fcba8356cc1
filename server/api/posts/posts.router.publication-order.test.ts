import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";
import type { Post, PostSummary } from "#common/types/post.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { HOUR } from "./posts.router.fixture.ts";

// The public lists are ordered by the time a post went public, newest first, the id breaking
// ties (docs/product/content-model.md#posts), not by the time it was created.

/** The ids of `list` that belong to `rows`, in the order the list has them. */
function idsAmong(list: { id: string }[], rows: { id: string }[]): string[] {
  const wanted = new Set(rows.map((row) => row.id));
  return list.map((item) => item.id).filter((id) => wanted.has(id));
}

const DAY = 24 * HOUR;

describeEachDatabase("public lists in publication order", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());
  const db = () => server.db.handle.db;

  async function getList<T>(path: string): Promise<T[]> {
    const response = await server.request(path);
    expect(response.status).toBe(200);
    return (await response.json()) as T[];
  }

  it("sorts a post published long after it was created by its publication", async () => {
    // Written first, published last: it is the newest of the three for readers.
    const lateStarter = await createPost(db(), {
      title: "Written in January, published in June",
      createdAt: "2011-01-01T09:00:00.000Z",
      publishedAt: "2011-06-01T09:00:00.000Z",
    });
    const march = await createPost(db(), {
      createdAt: "2011-03-01T09:00:00.000Z",
      publishedAt: "2011-03-02T09:00:00.000Z",
    });
    const may = await createPost(db(), {
      createdAt: "2011-05-01T09:00:00.000Z",
      publishedAt: "2011-05-01T10:00:00.000Z",
    });
    const expected = [lateStarter.id, may.id, march.id];
    const rows = [lateStarter, march, may];
    expect(idsAmong(await getList<Post>("/api/posts/published"), rows)).toEqual(expected);
    expect(idsAmong(await getList<PostSummary>("/api/posts/public"), rows)).toEqual(expected);
  });

  it("sorts a due scheduled post by its scheduled time, and dates it by that time", async () => {
    const before = await createPost(db(), {
      createdAt: fromNow(-10 * DAY),
      publishedAt: fromNow(-3 * HOUR),
    });
    // Created long before the others, but public only since an hour ago.
    const due = await createPost(db(), {
      status: "scheduled",
      scheduledAt: fromNow(-HOUR),
      timezone: "Asia/Tokyo",
      createdAt: fromNow(-30 * DAY),
    });
    const after = await createPost(db(), {
      createdAt: fromNow(-20 * DAY),
      publishedAt: fromNow(-30 * 60_000),
    });
    const expected = [after.id, due.id, before.id];
    const rows = [before, due, after];
    const posts = await getList<Post>("/api/posts/published");
    expect(idsAmong(posts, rows)).toEqual(expected);
    expect(posts.find((post) => post.id === due.id)?.publishedAt).toBe(due.scheduledAt);
    const summaries = await getList<PostSummary>("/api/posts/public");
    expect(idsAmong(summaries, rows)).toEqual(expected);
    expect(summaries.find((summary) => summary.id === due.id)).toMatchObject({
      status: "published",
      publishedAt: due.scheduledAt,
    });
  });

  it("keeps the first publication of a post scheduled again once it is due", async () => {
    // Published in 2012, later scheduled again for an hour ago: it shows its 2012 date, and
    // sorts by it.
    const republished = await createPost(db(), {
      status: "scheduled",
      scheduledAt: fromNow(-HOUR),
      timezone: "UTC",
      createdAt: "2012-01-01T00:00:00.000Z",
      publishedAt: "2012-02-01T00:00:00.000Z",
    });
    const older = await createPost(db(), { createdAt: "2012-01-15T00:00:00.000Z" });
    const newer = await createPost(db(), { createdAt: "2012-03-01T00:00:00.000Z" });
    const posts = await getList<Post>("/api/posts/published");
    expect(idsAmong(posts, [republished, older, newer])).toEqual([
      newer.id,
      republished.id,
      older.id,
    ]);
    expect(posts.find((post) => post.id === republished.id)?.publishedAt).toBe(
      "2012-02-01T00:00:00.000Z",
    );
  });

  it("orders posts published at the same instant by id, the same way on every call", async () => {
    const publishedAt = "2013-06-01T12:00:00.000Z";
    const twins = await Promise.all(
      // Created at different times, so only the id can order them.
      [1, 2, 3, 4].map((n) =>
        createPost(db(), { createdAt: `2013-05-0${n}T00:00:00.000Z`, publishedAt }),
      ),
    );
    const expected = twins.map((t) => t.id).sort((a, b) => (a < b ? 1 : -1));
    for (let call = 0; call < 2; call++) {
      expect(idsAmong(await getList<Post>("/api/posts/published"), twins)).toEqual(expected);
      expect(idsAmong(await getList<PostSummary>("/api/posts/public"), twins)).toEqual(expected);
    }
  });

  it("lists every post in the order of the dates it shows, in both list calls", async () => {
    // Creation and publication in every relative order, a due scheduled post among them.
    for (const [created, published] of [
      [-40, -2],
      [-39, -38],
      [-5, -4],
      [-30, -6],
    ] as const) {
      await createPost(db(), {
        createdAt: fromNow(created * DAY),
        publishedAt: fromNow(published * DAY),
      });
    }
    await createPost(db(), {
      status: "scheduled",
      scheduledAt: fromNow(-3 * DAY),
      timezone: "UTC",
      createdAt: fromNow(-50 * DAY),
    });
    const posts = await getList<Post>("/api/posts/published");
    expect(posts.length).toBeGreaterThanOrEqual(5);
    for (const [i, post] of posts.slice(1).entries()) {
      const previous = posts[i] as Post;
      const gap = Date.parse(previous.publishedAt ?? "") - Date.parse(post.publishedAt ?? "");
      expect(
        gap > 0 || (gap === 0 && previous.id > post.id),
        `${previous.id} before ${post.id}`,
      ).toBe(true);
    }
    const summaries = await getList<PostSummary>("/api/posts/public");
    expect(summaries.map((s) => [s.id, s.publishedAt])).toEqual(
      posts.map((p) => [p.id, p.publishedAt]),
    );
  });

  it("answers the most recently published posts when limited", async () => {
    const newest = await createPost(db(), {
      createdAt: "2001-01-01T00:00:00.000Z",
      publishedAt: fromNow(-1000),
    });
    const all = await getList<Post>("/api/posts/published");
    expect(all[0]?.id).toBe(newest.id);
    const three = await getList<Post>("/api/posts/published?limit=3");
    expect(three.map((p) => p.id)).toEqual(all.slice(0, 3).map((p) => p.id));
    const two = await getList<PostSummary>("/api/posts/public?limit=2");
    expect(two.map((p) => p.id)).toEqual(all.slice(0, 2).map((p) => p.id));
  });

  describe("GET /api/portfolio", () => {
    it("orders the marketplace packs by publication too", async () => {
      const pack = { category: "marketplace-content", packType: "world" } as const;
      const late = await createPost(db(), {
        ...pack,
        createdAt: "2014-01-01T00:00:00.000Z",
        publishedAt: "2014-09-01T00:00:00.000Z",
      });
      const early = await createPost(db(), {
        ...pack,
        createdAt: "2014-02-01T00:00:00.000Z",
        publishedAt: "2014-02-02T00:00:00.000Z",
      });
      const due = await createPost(db(), {
        ...pack,
        status: "scheduled",
        scheduledAt: "2014-05-01T00:00:00.000Z",
        timezone: "UTC",
        createdAt: "2013-12-01T00:00:00.000Z",
      });
      const items = await getList<PortfolioItem>("/api/portfolio");
      expect(idsAmong(items, [late, early, due])).toEqual([late.id, due.id, early.id]);
    });
  });
});
