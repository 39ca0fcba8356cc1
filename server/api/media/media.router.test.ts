import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaCleanupAnswer, MediaDetails, MediaItem } from "#common/types/media.ts";
import type { Paged } from "#common/types/post-list.ts";
import { payload } from "#server/api/posts/posts.router.fixture.ts";
import { uploadsDir } from "#server/storage/uploads.server.ts";
import { fakeSiteSettings } from "#tests/factories/site-settings.ts";
import { readError } from "#tests/helpers/http.ts";
import { solidImage } from "#tests/helpers/images.ts";
import { OWNER_ENV, requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The media library's calls (docs/product/api.md#media-calls): every upload is an item, its uses
// follow the saves of posts and settings, and replacing or deleting an item carries its uses
// along.

describeEachDatabase("/api/media", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  let owner: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, OWNER_ENV, { responseCacheTtlMs: 60_000 });
    employee = await signInAs(server, "employee");
    owner = await signInAs(server, "owner");
  });
  afterAll(() => server?.close());

  const send = (method: string, url: string, body?: unknown, who = employee) =>
    requestAs(server, who, url, { method, body });
  const fileExists = (name: string) => existsSync(path.join(uploadsDir(server.db.dataDir), name));

  async function upload(
    color: string,
    fields: Record<string, string> = {},
    url = "/api/media",
    method = "POST",
  ): Promise<Response> {
    const form = new FormData();
    const png = await solidImage("png", 64, 48, { background: color });
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), `${color}.png`);
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return server.request(url, {
      method,
      headers: { origin: server.url, cookie: employee.cookie },
      body: form,
    });
  }

  async function newItem(color = "#3366aa", fields: Record<string, string> = {}) {
    const response = await upload(color, fields);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as MediaItem;
  }

  async function details(id: string): Promise<MediaDetails> {
    const response = await send("GET", `/api/media/${id}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as MediaDetails;
  }

  async function savePost(body: Record<string, unknown>, id?: string) {
    const response = await send(id ? "PUT" : "POST", id ? `/api/posts/${id}` : "/api/posts", body);
    expect(response.status, await response.clone().text()).toBe(id ? 200 : 201);
    return (await response.json()) as { id: string; version: number; content: string };
  }

  async function readPost(id: string) {
    return server.db.handle.db
      .selectFrom("posts")
      .select(["content", "featuredImage", "version"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  describe("POST /api/media and POST /api/upload/image", () => {
    it("records an upload as an item with its file, size, dimensions, alt text and uploader", async () => {
      const item = await newItem("#aa3366", { alt: "A red square", caption: "Red" });
      expect(item).toMatchObject({
        originalName: "#aa3366.png",
        mimeType: "image/png",
        width: 64,
        height: 48,
        altText: "A red square",
        caption: "Red",
        useCount: 0,
      });
      expect(item.url).toBe(`/uploads/${item.fileName}`);
      expect(item.size).toBeGreaterThan(0);
      expect(item.uploadedBy).not.toBeNull();
      expect(fileExists(item.fileName)).toBe(true);
    });

    it("makes the editor's upload an item too, answering only its address", async () => {
      const response = await upload("#22aa44", { alt: "Green" }, "/api/upload/image");
      expect(response.status).toBe(201);
      const { url } = (await response.json()) as { url: string };
      const page = (await (
        await send("GET", "/api/media?q=Green&use=unused")
      ).json()) as Paged<MediaItem>;
      expect(page.items.map((i) => i.url)).toContain(url);
    });
  });

  describe("uses", () => {
    it("follow a post's content and featured image as it is saved, and go when it drops them", async () => {
      const [inline, featured] = [await newItem("#111111"), await newItem("#222222")];
      const post = await savePost(
        payload({
          content: `<p>Look</p><img src="${inline.url}" alt="x">`,
          featuredImage: featured.url,
          category: "marketplace-content",
        }),
      );
      expect((await details(inline.id)).uses).toEqual([
        expect.objectContaining({ kind: "post", ownerId: post.id, field: "content" }),
      ]);
      expect((await details(featured.id)).uses).toEqual([
        expect.objectContaining({
          ownerId: post.id,
          field: "featuredImage",
          category: "marketplace-content",
        }),
      ]);
      const used = (await (
        await send("GET", "/api/media?use=used&limit=100")
      ).json()) as Paged<MediaItem>;
      expect(used.items.map((i) => i.id)).toEqual(expect.arrayContaining([inline.id, featured.id]));

      await savePost(
        payload({ ...{ content: "<p>No image</p>" }, version: post.version }),
        post.id,
      );
      expect((await details(inline.id)).uses).toEqual([]);
      expect((await details(featured.id)).uses).toEqual([]);
    });

    it("follow a published post's unsaved changes, and go when Update discards them", async () => {
      const item = await newItem("#121212");
      const post = await savePost(payload({ status: "published" }));
      const body = payload({
        title: "Changed",
        content: `<p>Draft</p><img src="${item.url}" alt="">`,
        version: post.version,
      });
      const autosaved = await send("PUT", `/api/posts/${post.id}/autosave`, body);
      expect(autosaved.status, await autosaved.clone().text()).toBe(200);
      expect((await details(item.id)).uses).toEqual([
        expect.objectContaining({
          ownerId: post.id,
          field: "changes",
          fieldLabel: "Unsaved changes",
        }),
      ]);
      await savePost(payload({ status: "published", version: post.version }), post.id);
      expect((await details(item.id)).uses).toEqual([]);
    });

    it("follow the site settings' default social image", async () => {
      const item = await newItem("#333333");
      const response = await send(
        "PUT",
        "/api/settings",
        fakeSiteSettings({ defaultSocialImage: item.url }),
        owner,
      );
      expect(response.status, await response.clone().text()).toBe(200);
      expect((await details(item.id)).uses).toEqual([
        expect.objectContaining({ kind: "settings", field: "defaultSocialImage" }),
      ]);
    });
  });

  it("PATCH changes the alt text and caption, and refuses a description that is too long", async () => {
    const item = await newItem("#444444");
    const response = await send("PATCH", `/api/media/${item.id}`, { altText: " A grey tile " });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ altText: "A grey tile", caption: "" });
    const tooLong = await send("PATCH", `/api/media/${item.id}`, { altText: "x".repeat(301) });
    expect((await readError(tooLong, 400)).errors).toHaveProperty("altText");
    await readError(await send("PATCH", "/api/media/no-such-item", { altText: "x" }), 404);
  });

  it("PUT /file replaces the file: every use follows to the new name; the old files stay for the post's revisions", async () => {
    const item = await newItem("#555555", { alt: "Before" });
    const post = await savePost(
      payload({
        status: "published",
        content: `<p>Pic</p><img src="${item.url}" alt="Before">`,
        featuredImage: item.url,
      }),
    );
    const replaced = await upload("#ee7700", {}, `/api/media/${item.id}/file`, "PUT");
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    const after = (await replaced.json()) as MediaDetails;
    expect(after).toMatchObject({ id: item.id, altText: "Before" });
    expect(after.fileName).not.toBe(item.fileName);
    expect(after.uses).toHaveLength(2);

    const stored = await readPost(post.id);
    expect(stored.content).toContain(`src="${after.url}"`);
    expect(stored.content).not.toContain(item.fileName);
    expect(stored.featuredImage).toBe(after.fileName);
    // An editor open on the old version is told the post changed.
    expect(stored.version).toBe(post.version + 1);
    // The post's history names the old picture, so its address keeps working.
    expect(fileExists(item.fileName)).toBe(true);
    expect((await server.request(item.url)).status).toBe(200);
    expect(fileExists(after.fileName)).toBe(true);

    const slug = (await readSlug(post.id)).slug;
    const published = await (await server.request(`/api/posts/slug/${slug}`)).text();
    expect(published).toContain(after.fileName);
    expect(published).not.toContain(item.fileName);
  });

  it("PUT /file deletes the old files when no kept record names them", async () => {
    const item = await newItem("#445566");
    const replaced = await upload("#778899", {}, `/api/media/${item.id}/file`, "PUT");
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    expect(fileExists(item.fileName)).toBe(false);
    expect((await server.request(item.url)).status).toBe(404);
  });

  async function readSlug(id: string) {
    return server.db.handle.db
      .selectFrom("posts")
      .select("slug")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  describe("DELETE /api/media/:id", () => {
    it("deletes an unused item and its files", async () => {
      const item = await newItem("#666666");
      expect((await send("DELETE", `/api/media/${item.id}`)).status).toBe(204);
      expect(fileExists(item.fileName)).toBe(false);
      await readError(await send("GET", `/api/media/${item.id}`), 404);
    });

    it("refuses a used item with 409 naming its uses, and removes it from them when confirmed", async () => {
      const item = await newItem("#777777");
      const post = await savePost(
        payload({
          content: `<p>Keep me</p><img src="${item.url}" alt="y">`,
          featuredImage: item.url,
        }),
      );
      const refused = await readError(await send("DELETE", `/api/media/${item.id}`), 409);
      expect((refused as unknown as MediaDetails).uses).toEqual([
        expect.objectContaining({ ownerId: post.id, field: "content" }),
        expect.objectContaining({ ownerId: post.id, field: "featuredImage" }),
      ]);
      expect(fileExists(item.fileName)).toBe(true);

      const confirmed = await send("DELETE", `/api/media/${item.id}?removeUses=1`);
      expect(confirmed.status, await confirmed.clone().text()).toBe(204);
      const stored = await readPost(post.id);
      expect(stored.content).toContain("Keep me");
      expect(stored.content).not.toContain("<img");
      expect(stored.featuredImage).toBeNull();
      expect(fileExists(item.fileName)).toBe(false);
    });
  });

  it("the clean-up lists unused items older than N days and deletes only those still unused", async () => {
    const [old, oldUsed, fresh] = [
      await newItem("#888888"),
      await newItem("#999999"),
      await newItem("#aaaaaa"),
    ];
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await server.db.handle.db
      .updateTable("media")
      .set({ createdAt: longAgo })
      .where("id", "in", [old.id, oldUsed.id])
      .execute();
    await savePost(payload({ content: `<p>x</p><img src="${oldUsed.url}" alt="">` }));

    const listed = (await (await send("GET", "/api/media/cleanup?olderThanDays=30")).json()) as {
      items: MediaItem[];
    };
    const ids = listed.items.map((i) => i.id);
    expect(ids).toContain(old.id);
    expect(ids).not.toContain(oldUsed.id);
    expect(ids).not.toContain(fresh.id);

    const response = await send("POST", "/api/media/cleanup", {
      olderThanDays: 30,
      ids: [old.id, oldUsed.id, fresh.id],
    });
    expect((await response.json()) as MediaCleanupAnswer).toEqual({ deleted: 1, kept: 2 });
    expect(fileExists(old.fileName)).toBe(false);
    expect(fileExists(oldUsed.fileName)).toBe(true);
    await readError(await send("GET", "/api/media/cleanup?olderThanDays=0"), 400);
  });

  it("pages search by name and alt text, newest first", async () => {
    const item = await newItem("#bbbbbb", { alt: "Unique-otter-alt" });
    const page = (await (await send("GET", "/api/media?q=otter")).json()) as Paged<MediaItem>;
    expect(page.items.map((i) => i.id)).toEqual([item.id]);
    const all = (await (await send("GET", "/api/media?limit=2")).json()) as Paged<MediaItem>;
    expect(all.items[0]?.id).toBe(item.id);
    expect(all.total).toBeGreaterThan(2);
    await readError(await send("GET", "/api/media?use=sometimes"), 400);
  });
});
