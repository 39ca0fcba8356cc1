import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "#common/types/post.ts";
import { readError } from "#tests/helpers/http.ts";
import type { SignedIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { editorCalls } from "./posts.editor.fixture.ts";
import { payload, startWithEmployee } from "./posts.router.fixture.ts";

// docs/product/content-model.md#slugs: a slug that follows the title (`slugFromTitle: true`) is
// the title's slug, with a counter only when another post has it; a slug typed by hand that is
// taken is a 409.

const SLUG_TAKEN = "That slug is already used by another post.";

/** A title no other test uses, and the slug the editor makes from it. */
function freshTitle(words: string) {
  const id = randomBytes(4).toString("hex");
  return { title: `${words} ${id}`, slug: `${words.toLowerCase().replace(/ /g, "-")}-${id}` };
}

describeEachDatabase("slugs made from the title", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    ({ server, employee } = await startWithEmployee(kind));
  });
  afterAll(() => server?.close());
  const { send, ok, edit, autosave } = editorCalls(() => ({ server, employee }));

  /** Creates a post whose slug follows the title, by a manual save or by the first autosave. */
  async function createFromTitle(path: string, title: string, overrides = {}) {
    const body = payload({ title, slug: "typed-while-following", slugFromTitle: true });
    return ok<Post>(await send("POST", path, { ...body, ...overrides }), 201);
  }

  describe("POST /api/posts", () => {
    it("stores the title's slug, then a counter for each later post with that title", async () => {
      const { title, slug } = freshTitle("Winter Update");
      const first = await createFromTitle("/api/posts", title);
      const second = await createFromTitle("/api/posts", title, { status: "published" });
      const third = await createFromTitle("/api/posts", `  ${title}!`);
      expect([first.slug, second.slug, third.slug]).toEqual([slug, `${slug}-2`, `${slug}-3`]);
      const page = await server.request(`/api/posts/slug/${slug}-2`);
      expect(((await page.json()) as Post).id).toBe(second.id);
    });

    it("answers 409 for a slug typed by hand that another post has, and changes nothing", async () => {
      const { title, slug } = freshTitle("Hand Typed");
      await createFromTitle("/api/posts", title);
      const body = payload({ title, slug });
      const refused = await readError(await send("POST", "/api/posts", body), 409);
      expect(refused.message).toBe(SLUG_TAKEN);
      const autosaved = await send("POST", "/api/posts/autosave", {
        ...body,
        slugFromTitle: false,
      });
      expect((await readError(autosaved, 409)).message).toBe(SLUG_TAKEN);
    });

    it("gives two posts created at the same moment with one title two different slugs", async () => {
      const { title, slug } = freshTitle("Same Moment");
      const created = await Promise.all(
        ["/api/posts", "/api/posts", "/api/posts/autosave", "/api/posts/autosave"].map((path) =>
          createFromTitle(path, title),
        ),
      );
      expect(created.map((post) => post.slug).sort()).toEqual(
        [slug, `${slug}-2`, `${slug}-3`, `${slug}-4`].sort(),
      );
    });

    it("never takes an old address that redirects to another post", async () => {
      const { title, slug } = freshTitle("Moved Away");
      const moved = await createFromTitle("/api/posts", title, { status: "published" });
      await edit(moved, { slug: `${slug}-renamed` });
      const next = await createFromTitle("/api/posts", title);
      expect(next.slug).toBe(`${slug}-2`);
      const redirect = await server.request(`/api/posts/slug/${slug}`, { redirect: "manual" });
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get("location")).toBe(`/api/posts/slug/${slug}-renamed`);
    });
  });

  describe("POST /api/posts/autosave", () => {
    it("makes the first draft the title's slug and the next one with that title -2", async () => {
      const { title, slug } = freshTitle("Autosaved Twice");
      const first = await createFromTitle("/api/posts/autosave", title);
      const second = await createFromTitle("/api/posts/autosave", title);
      expect([first.slug, second.slug]).toEqual([slug, `${slug}-2`]);
    });
  });

  describe("later saves while the slug follows the title", () => {
    it("give a draft whose title changes the new title's slug, numbered when taken", async () => {
      const taken = freshTitle("Taken Title");
      await createFromTitle("/api/posts", taken.title);
      const draft = await createFromTitle("/api/posts/autosave", freshTitle("Working Title").title);
      const answer = await autosave(draft.id, {
        ...draft,
        title: taken.title,
        slug: taken.slug,
        slugFromTitle: true,
        version: 1,
      });
      expect(answer).toMatchObject({ target: "post", version: 2, slug: `${taken.slug}-2` });
      // Saved again from the same title, it keeps its own slug rather than counting on.
      const saved = await edit(draft, {
        title: taken.title,
        slug: taken.slug,
        slugFromTitle: true,
        version: 2,
      });
      expect(saved.slug).toBe(`${taken.slug}-2`);
    });

    it("leave the slug of a published post as it is: it froze at publication", async () => {
      const { title, slug } = freshTitle("Frozen");
      const post = await createFromTitle("/api/posts", title, { status: "published" });
      const renamed = freshTitle("Renamed Later");
      const saved = await edit(post, { title: renamed.title, slug, slugFromTitle: true });
      expect(saved).toMatchObject({ title: renamed.title, slug });
    });
  });
});
