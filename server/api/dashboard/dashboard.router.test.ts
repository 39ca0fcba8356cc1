import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardStats } from "#common/types/stats.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

const HOUR = 3_600_000;

describeEachDatabase("dashboard API", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;

  async function getStats(): Promise<DashboardStats> {
    const response = await requestAs(server, employee, "/api/dashboard/stats");
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    return (await response.json()) as DashboardStats;
  }

  describe("GET /api/dashboard/stats", () => {
    it("answers zero for every counter when there are no posts", async () => {
      expect(await getStats()).toEqual({
        totalPosts: 0,
        published: 0,
        drafts: 0,
        scheduled: 0,
        marketplace: 0,
        news: 0,
        youtube: 0,
      });
    });

    it("counts a known set of posts into every tile", async () => {
      // news: 2 published, 1 draft, 1 scheduled with no time yet
      await createPost(db(), { category: "news", status: "published" });
      await createPost(db(), { category: "news", status: "published" });
      await createPost(db(), { category: "news", status: "draft" });
      await createPost(db(), { category: "news", status: "scheduled", scheduledAt: null });
      // youtube: 1 published, 1 scheduled for tomorrow
      await createPost(db(), { category: "youtube", status: "published" });
      await createPost(db(), {
        category: "youtube",
        status: "scheduled",
        scheduledAt: fromNow(24 * HOUR),
      });
      // marketplace: 1 published, 1 draft, 1 scheduled an hour ago (due, so public)
      await createPost(db(), { category: "marketplace-content", status: "published" });
      await createPost(db(), { category: "marketplace-content", status: "draft" });
      await createPost(db(), {
        category: "marketplace-content",
        status: "scheduled",
        scheduledAt: fromNow(-HOUR),
      });

      expect(await getStats()).toEqual({
        totalPosts: 9,
        // 2 news + 1 youtube + 1 marketplace published, and the marketplace post that is due
        published: 5,
        drafts: 2,
        // the youtube post for tomorrow and the news post without a time
        scheduled: 2,
        marketplace: 3,
        news: 4,
        youtube: 2,
      });
    });

    it("moves a scheduled post from scheduled to published once its time has come", async () => {
      const before = await getStats();
      const post = await createPost(db(), {
        category: "news",
        status: "scheduled",
        scheduledAt: fromNow(HOUR),
      });
      const waiting = await getStats();
      expect(waiting.scheduled).toBe(before.scheduled + 1);
      expect(waiting.published).toBe(before.published);

      await db()
        .updateTable("posts")
        .set({ scheduledAt: fromNow(-1000) })
        .where("id", "=", post.id)
        .execute();
      const due = await getStats();
      expect(due.scheduled).toBe(before.scheduled);
      expect(due.published).toBe(before.published + 1);
      expect(due.totalPosts).toBe(before.totalPosts + 1);
      expect(due.news).toBe(before.news + 1);
    });

    it("answers 401 when signed out", async () => {
      await readError(await server.request("/api/dashboard/stats"), 401);
    });
  });
});
