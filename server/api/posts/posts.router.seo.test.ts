import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostRevision, RestoreAnswer } from "#common/types/post-revision.ts";
import { readError } from "#tests/helpers/http.ts";
import { solidImage, uploadImage } from "#tests/helpers/images.ts";
import type { SignedIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { editorCalls } from "./posts.editor.fixture.ts";
import { startWithEmployee } from "./posts.router.fixture.ts";

// A post's search and social settings through the editor's calls
// (docs/product/editor.md#seo-and-social): saved, autosaved, kept in revisions and validated.

const SETTINGS = {
  metaTitle: "Sky Islands: floating worlds to build on",
  metaDescription: "Ten floating islands, each with its own biome.",
  socialTitle: "Build in the sky",
  socialDescription: "Islands, waterfalls and a dragon.",
  canonicalUrl: "https://partner.example/sky-islands",
  noIndex: true,
};

describeEachDatabase("search and social settings", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    ({ server, employee } = await startWithEmployee(kind));
  });
  afterAll(() => server?.close());
  const { send, ok, create, edit, storedRow, autosave, workingCopy, revisions, getPost } =
    editorCalls(() => ({ server, employee }));

  async function uploadedImage(): Promise<string> {
    const bytes = await solidImage("png", 32, 32);
    const response = await uploadImage(server, employee, {
      bytes,
      name: "card.png",
      type: "image/png",
    });
    return (await ok<{ url: string }>(response, 201)).url;
  }

  describe("POST and PUT /api/posts", () => {
    it("saves each setting and answers it, an uploaded social image by its file name", async () => {
      const image = await uploadedImage();
      const post = await create({ ...SETTINGS, socialImage: image });
      expect(post).toMatchObject({ ...SETTINGS, socialImage: image.replace("/uploads/", "") });
      expect(Boolean((await storedRow(post.id)).noIndex)).toBe(true);
      expect(await getPost(post.id)).toMatchObject(SETTINGS);

      const cleared = await edit(post, {
        metaTitle: "",
        metaDescription: null,
        socialImage: "",
        socialTitle: " ",
        socialDescription: "",
        canonicalUrl: "",
        noIndex: false,
      });
      expect(cleared).toMatchObject({
        metaTitle: null,
        metaDescription: null,
        socialImage: null,
        socialTitle: null,
        socialDescription: null,
        canonicalUrl: null,
        noIndex: false,
      });
    });

    it("answers 400 with a message for each wrong setting, and saves nothing", async () => {
      const post = await create();
      const body = await readError(
        await send("PUT", `/api/posts/${post.id}`, {
          ...post,
          metaTitle: "x".repeat(301),
          metaDescription: "x".repeat(501),
          socialImage: "data:image/png;base64,AAAA",
          canonicalUrl: "/blog/elsewhere",
          noIndex: "yes",
        }),
        400,
      );
      expect(body.errors).toEqual({
        metaTitle: "Keep the meta title to 300 characters or fewer.",
        metaDescription: "Keep the meta description to 500 characters or fewer.",
        socialImage:
          "Upload a PNG or JPEG image, or paste an address starting with http:// or https://.",
        canonicalUrl: "Enter the canonical URL as an address starting with http:// or https://.",
        noIndex: "Choose whether search engines may list the post.",
      });
      expect((await storedRow(post.id)).version).toBe(1);
    });

    it("refuses a social image that is not among the uploaded files", async () => {
      const post = await create();
      const body = await readError(
        await send("PUT", `/api/posts/${post.id}`, { ...post, socialImage: "0123abcd.png" }),
        400,
      );
      expect(body.errors).toEqual({
        socialImage: "The social image is not among the uploaded files. Please upload it again.",
      });
    });
  });

  describe("PUT /api/posts/:id/autosave", () => {
    it("writes them into a draft, and checks them as a save does", async () => {
      const draft = await create();
      await autosave(draft.id, { ...draft, metaTitle: "Typed so far", noIndex: true });
      expect(await getPost(draft.id)).toMatchObject({ metaTitle: "Typed so far", noIndex: true });
      const body = await readError(
        await send("PUT", `/api/posts/${draft.id}/autosave`, {
          ...draft,
          version: 2,
          canonicalUrl: "not an address",
        }),
        400,
      );
      expect(body.errors).toEqual({
        canonicalUrl: "Enter the canonical URL as an address starting with http:// or https://.",
      });
    });

    it("keeps a published post's settings in its working copy until it is updated", async () => {
      const post = await create({ status: "published" });
      const answer = await autosave(post.id, { ...post, ...SETTINGS });
      expect(answer.target).toBe("working-copy");
      expect((await workingCopy(post.id))?.values).toMatchObject(SETTINGS);
      const live = await getPost(post.id);
      expect(live).toMatchObject({ metaTitle: null, canonicalUrl: null, noIndex: false });
      const updated = await edit(live, SETTINGS);
      expect(updated).toMatchObject(SETTINGS);
      expect(await workingCopy(post.id)).toBeNull();
    });
  });

  describe("revisions", () => {
    it("records the settings of each save and restores them", async () => {
      const post = await create(SETTINGS);
      const changed = await edit(post, { metaTitle: "Another title", noIndex: false });
      const [newest, first] = await revisions(post.id);
      const recorded = await ok<PostRevision>(
        await send("GET", `/api/posts/${post.id}/revisions/${first?.id}`),
      );
      expect(recorded).toMatchObject(SETTINGS);
      const latest = await ok<PostRevision>(
        await send("GET", `/api/posts/${post.id}/revisions/${newest?.id}`),
      );
      expect(latest).toMatchObject({ metaTitle: "Another title", noIndex: false });

      const restored = await ok<RestoreAnswer>(
        await send("POST", `/api/posts/${post.id}/revisions/${first?.id}/restore`, {
          version: changed.version,
        }),
      );
      expect(restored.post).toMatchObject(SETTINGS);
    });
  });
});
