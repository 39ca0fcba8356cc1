import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "#common/types/post.ts";
import type { BulkPostAnswer } from "#common/types/post-list.ts";
import type { PostRevisionSummary } from "#common/types/post-revision.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { OWNER_ENV, requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { expectRecent, HOUR, staffPostCalls } from "./posts.router.fixture.ts";

// POST /api/posts/bulk with the response cache on and its clock standing still: an answer the
// cache kept would be served until the bulk call empties the cache.

describeEachDatabase("bulk actions (POST /api/posts/bulk)", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  let employeeUserId: string;
  beforeAll(async () => {
    server = await startTestServer(kind, OWNER_ENV, {
      responseCacheTtlMs: 60_000,
      responseCacheClock: () => 0,
    });
    employee = await signInAs(server, "employee");
    const me = await requestAs(server, employee, "/api/auth/user");
    employeeUserId = ((await me.json()) as { id: string }).id;
  });
  afterAll(() => server?.close());
  const { db, send, create, storedRow } = staffPostCalls(() => ({ server, employee }));

  async function bulk(action: string, ids: string[]): Promise<BulkPostAnswer> {
    const response = await send("POST", "/api/posts/bulk", { action, ids });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as BulkPostAnswer;
  }
  const publicStatus = async (slug: string) =>
    (await server.request(`/api/posts/slug/${slug}`)).status;
  async function revisionKinds(id: string): Promise<string[]> {
    const response = await send("GET", `/api/posts/${id}/revisions`);
    return ((await response.json()) as PostRevisionSummary[]).map((revision) => revision.kind);
  }

  it("unpublishes published and scheduled posts, leaves drafts and reports unknown ids; the public sees it at once", async () => {
    const published = await create({ status: "published", tags: ["redstone"] });
    const scheduled = await create({
      status: "scheduled",
      scheduledAt: fromNow(48 * HOUR),
      timezone: "UTC",
    });
    const draft = await create({ status: "draft" });
    const unknown = randomUUID();
    // The public answer is kept by the response cache: a change made straight in the
    // database is not seen until the cache is emptied.
    expect(await publicStatus(published.slug)).toBe(200);
    await db()
      .updateTable("posts")
      .set({ title: "Renamed behind the cache" })
      .where("id", "=", published.id)
      .execute();
    const cached = await server.request(`/api/posts/slug/${published.slug}`);
    expect(((await cached.json()) as Post).title).toBe(published.title);
    const listed = await server.request("/api/posts/published");
    expect(((await listed.json()) as Post[]).map((p) => p.id)).toContain(published.id);

    const answer = await bulk("unpublish", [published.id, scheduled.id, draft.id, unknown]);
    expect(answer).toEqual({
      action: "unpublish",
      changed: [published.id, scheduled.id],
      unchanged: [
        { id: draft.id, title: draft.title, reason: "This post is already a draft." },
        { id: unknown, title: "", reason: "This post no longer exists." },
      ],
    });
    expect(await publicStatus(published.slug)).toBe(404);
    const relisted = await server.request("/api/posts/published");
    expect(((await relisted.json()) as Post[]).map((p) => p.id)).not.toContain(published.id);

    const row = await storedRow(published.id);
    expect(row).toMatchObject({ status: "draft", version: 2, updatedBy: employeeUserId });
    // It keeps the time it was first published, as the editor's Unpublish does.
    expect(row.publishedAt).toBe(published.publishedAt);
    expect(await storedRow(scheduled.id)).toMatchObject({
      status: "draft",
      scheduledAt: null,
      version: 2,
    });
    expect(await storedRow(draft.id)).toMatchObject({ status: "draft", version: 1 });
    expect(await revisionKinds(published.id)).toEqual(["unpublish", "create"]);
    expect(await revisionKinds(scheduled.id)).toEqual(["unpublish", "create"]);
    expect(await revisionKinds(draft.id)).toEqual(["create"]);
  });

  it("publishes drafts and scheduled posts now, and leaves what the editor would refuse to publish", async () => {
    const draft = await create({ status: "draft" });
    const scheduled = await create({
      status: "scheduled",
      scheduledAt: fromNow(48 * HOUR),
      timezone: "UTC",
    });
    const published = await create({ status: "published" });
    // Stored without the editor (an older version, an import): a slug the editor refuses.
    const broken = await createPost(db(), { status: "draft", slug: "Not A Slug!" });
    expect(await publicStatus(draft.slug)).toBe(404);

    const answer = await bulk("publish", [draft.id, scheduled.id, published.id, broken.id]);
    expect(answer.changed).toEqual([draft.id, scheduled.id]);
    expect(answer.unchanged).toEqual([
      { id: published.id, title: published.title, reason: "This post is already published." },
      {
        id: broken.id,
        title: broken.title,
        reason:
          "It cannot be published as it is: Slug can only use letters, numbers and single hyphens, with no hyphen at either end. Open it in the editor to correct it.",
      },
    ]);
    expect(await publicStatus(draft.slug)).toBe(200);
    expect(await publicStatus(scheduled.slug)).toBe(200);
    const row = await storedRow(draft.id);
    expect(row).toMatchObject({ status: "published", version: 2 });
    expectRecent(row.publishedAt);
    expect(await storedRow(scheduled.id)).toMatchObject({ status: "published", scheduledAt: null });
    expect(await storedRow(broken.id)).toMatchObject({ status: "draft", version: 1 });
    expect(await revisionKinds(draft.id)).toEqual(["publish", "create"]);
    expect(await storedRow(published.id)).toMatchObject({ version: 1 });
  });

  it("publishes a scheduled post whose time has come with the time it went public", async () => {
    const due = await createPost(db(), {
      status: "scheduled",
      scheduledAt: fromNow(-HOUR),
      timezone: "UTC",
      publishedAt: null,
    });
    expect((await bulk("publish", [due.id])).changed).toEqual([due.id]);
    const row = await storedRow(due.id);
    expect(row.status).toBe("published");
    expect(Date.parse(row.publishedAt ?? "")).toBe(Date.parse(due.scheduledAt ?? ""));
  });

  it("deletes posts with their tag rows, and reports the ones already gone", async () => {
    const first = await create({ status: "published", tags: ["castles"] });
    const second = await create({ status: "draft" });
    expect(await publicStatus(first.slug)).toBe(200);
    const answer = await bulk("delete", [first.id, second.id]);
    expect(answer).toEqual({ action: "delete", changed: [first.id, second.id], unchanged: [] });
    expect(await publicStatus(first.slug)).toBe(404);
    expect((await send("GET", `/api/posts/${second.id}`)).status).toBe(404);
    const tags = await db()
      .selectFrom("post_tags")
      .select("tag")
      .where("postId", "=", first.id)
      .execute();
    expect(tags).toEqual([]);
    const again = await bulk("delete", [first.id]);
    expect(again.unchanged).toEqual([
      { id: first.id, title: "", reason: "This post no longer exists." },
    ]);
  });

  describe("a bad body is a 400 with a message", () => {
    const cases: [unknown, string][] = [
      [
        { action: "archive", ids: [randomUUID()] },
        "action must be one of: publish, unpublish, delete.",
      ],
      [{ ids: [randomUUID()] }, "action must be one of: publish, unpublish, delete."],
      [{ action: "publish", ids: [] }, "ids must list from 1 to 100 posts by their id."],
      [{ action: "publish" }, "ids must list from 1 to 100 posts by their id."],
      [{ action: "publish", ids: "all" }, "ids must list from 1 to 100 posts by their id."],
      [{ action: "publish", ids: [7] }, "ids must list from 1 to 100 posts by their id."],
      [
        { action: "publish", ids: Array.from({ length: 101 }, () => randomUUID()) },
        "ids must list from 1 to 100 posts by their id.",
      ],
      [{ action: "delete", ids: ["a", "a"] }, "ids must name each post once."],
    ];
    for (const [body, message] of cases) {
      it(`${JSON.stringify(body).slice(0, 50)}: ${message}`, async () => {
        const response = await send("POST", "/api/posts/bulk", body);
        expect((await readError(response, 400)).message).toBe(message);
      });
    }
  });

  it("is for staff only: 401 signed out, 403 without an employee record", async () => {
    const post = await create({ status: "published" });
    const body = { action: "delete", ids: [post.id] };
    await readError(await server.postJson("/api/posts/bulk", body), 401);
    const outsider = await signInAs(server, "no-access");
    await readError(
      await requestAs(server, outsider, "/api/posts/bulk", { method: "POST", body }),
      403,
    );
    expect(await publicStatus(post.slug)).toBe(200);
  });
});
