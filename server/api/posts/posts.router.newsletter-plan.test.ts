import { afterAll, beforeAll, expect, it } from "vitest";
import { NEWSLETTER_ON_PUBLISH_RULE } from "#common/schemas/post.ts";
import type { Post } from "#common/types/post.ts";
import type { StaffPostRow } from "#common/types/post-list.ts";
import { readError } from "#tests/helpers/http.ts";
import type { SignedIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { HOUR, payload, staffPostCalls, startWithEmployee } from "./posts.router.fixture.ts";

// A post's newsletter planned for its publication, as the editor's saves set it
// (docs/product/content-model.md#newsletter-with-the-post); the hand-off itself is
// server/services/newsletter-plans.server.test.ts's.

describeEachDatabase("a newsletter planned for a post's publication", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  let employeeUserId: string;
  beforeAll(async () => {
    ({ server, employee, employeeUserId } = await startWithEmployee(kind));
  });
  afterAll(() => server?.close());
  const { send, create, edit, storedRow } = staffPostCalls(() => ({ server, employee }));
  const later = () => new Date(Date.now() + HOUR).toISOString();

  it("a post scheduled with its newsletter keeps the plan, by whoever asked, until told otherwise", async () => {
    const post = await create({
      status: "scheduled",
      scheduledAt: later(),
      newsletterOnPublish: true,
    });
    expect(post.newsletterOnPublish).toBe(true);
    expect(await storedRow(post.id)).toMatchObject({ newsletterRequestedBy: employeeUserId });

    // A save that does not say keeps it: the editor's Update of a scheduled post.
    const { newsletterOnPublish: _left, ...withoutPlan } = post;
    const updated = await edit(withoutPlan as Post, { title: "Sky Islands: release day" });
    expect(updated.newsletterOnPublish).toBe(true);
    const read = (await (await send("GET", `/api/posts/${post.id}`)).json()) as Post;
    expect(read.newsletterOnPublish).toBe(true);

    const calledOff = await edit(updated, { newsletterOnPublish: false });
    expect(calledOff.newsletterOnPublish).toBe(false);
    expect(await storedRow(post.id)).toMatchObject({ newsletterRequestedBy: null });
  });

  it("only a post scheduled for later takes a plan; a draft calls it off", async () => {
    for (const status of ["draft", "published"]) {
      const response = await send(
        "POST",
        "/api/posts",
        payload({ status, newsletterOnPublish: true }),
      );
      const error = await readError(response, 400);
      expect(error.errors).toEqual({ newsletterOnPublish: NEWSLETTER_ON_PUBLISH_RULE });
    }
    const post = await create({
      status: "scheduled",
      scheduledAt: later(),
      newsletterOnPublish: true,
    });
    const draft = await edit(post, {
      status: "draft",
      scheduledAt: null,
      newsletterOnPublish: undefined,
    });
    expect(draft.newsletterOnPublish).toBe(false);
    const bad = await send("PUT", `/api/posts/${post.id}`, {
      ...draft,
      newsletterOnPublish: "yes",
    });
    expect(bad.status).toBe(400);
  });

  it("the staff list marks the posts whose newsletter goes out when they go live", async () => {
    const planned = await create({
      status: "scheduled",
      scheduledAt: later(),
      newsletterOnPublish: true,
    });
    const plain = await create({ status: "scheduled", scheduledAt: later() });
    const response = await send("GET", "/api/posts?status=scheduled&limit=100");
    expect(response.status).toBe(200);
    const rows = ((await response.json()) as { items: StaffPostRow[] }).items;
    expect(rows.find((row) => row.id === planned.id)?.newsletterOnPublish).toBe(true);
    expect(rows.find((row) => row.id === plain.id)?.newsletterOnPublish).toBe(false);
  });
});
