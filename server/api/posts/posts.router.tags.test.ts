import { afterAll, beforeAll, expect, it } from "vitest";
import type { PostRevisionSummary, RestoreAnswer } from "#common/types/post-revision.ts";
import { listTagCounts } from "#server/services/post-tags.server.ts";
import type { SignedIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { staffPostCalls, startWithEmployee } from "./posts.router.fixture.ts";

// A post's tags are also rows of post_tags (the staff list's tag filter walks them); every
// write that changes a post's tags keeps them in step.

describeEachDatabase("post_tags follows every write of a post's tags", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    ({ server, employee } = await startWithEmployee(kind));
  });
  afterAll(() => server?.close());
  const { db, send, create, edit } = staffPostCalls(() => ({ server, employee }));

  async function tagRows(postId: string): Promise<string[]> {
    const rows = await db()
      .selectFrom("post_tags")
      .select("tag")
      .where("postId", "=", postId)
      .orderBy("tag")
      .execute();
    return rows.map((row) => row.tag);
  }

  it("on create, on save with changed tags, on autosave of a draft, on restore and on delete", async () => {
    const post = await create({ tags: ["redstone", "survival"] });
    expect(await tagRows(post.id)).toEqual(["redstone", "survival"]);

    const saved = await edit(post, { tags: ["survival", "castles"] });
    expect(await tagRows(post.id)).toEqual(["castles", "survival"]);

    const autosave = await send("PUT", `/api/posts/${post.id}/autosave`, {
      ...saved,
      tags: ["castles", "villages"],
    });
    expect(autosave.status, await autosave.clone().text()).toBe(200);
    expect(await tagRows(post.id)).toEqual(["castles", "villages"]);

    // Restoring the first revision brings its tags back.
    const revisions = (await (
      await send("GET", `/api/posts/${post.id}/revisions`)
    ).json()) as PostRevisionSummary[];
    const first = revisions.find((revision) => revision.kind === "create");
    const current = (await (await send("GET", `/api/posts/${post.id}`)).json()) as {
      version: number;
    };
    const restored = await send("POST", `/api/posts/${post.id}/revisions/${first?.id}/restore`, {
      version: current.version,
    });
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(((await restored.json()) as RestoreAnswer).post.tags).toEqual(["redstone", "survival"]);
    expect(await tagRows(post.id)).toEqual(["redstone", "survival"]);

    expect((await send("DELETE", `/api/posts/${post.id}`)).status).toBe(204);
    expect(await tagRows(post.id)).toEqual([]);
  });

  it("counts the posts of each tag", async () => {
    await create({ tags: ["alpha", "beta"] });
    await create({ tags: ["alpha"] });
    const counts = await listTagCounts(db());
    expect(counts.filter((c) => c.tag === "alpha" || c.tag === "beta")).toEqual([
      { tag: "alpha", posts: 2 },
      { tag: "beta", posts: 1 },
    ]);
  });
});
