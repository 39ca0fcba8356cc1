import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MESSAGES, type AppFormValues } from "#common/schemas/app.ts";
import type { App } from "#common/types/app.ts";
import { HttpError } from "#server/errors.ts";
import { insertApp } from "#server/services/apps.server.ts";
import { createApp, fakeApp } from "#tests/factories/app.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

/** Every field of the App type (common/types/app.ts). */
const APP_FIELDS = [
  "id",
  "name",
  "slug",
  "category",
  "relationship",
  "status",
  "logoUrl",
  "imageUrl",
  "shortDescription",
  "description",
  "downloadCount",
  "rating",
  "releaseDate",
  "platforms",
  "websiteUrl",
  "downloadUrl",
  "sortOrder",
].sort();

describeEachDatabase("apps API", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());
  const db = () => server.db.handle.db;

  async function getApps(): Promise<App[]> {
    const response = await server.request("/api/apps");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    return (await response.json()) as App[];
  }

  describe("GET /api/apps", () => {
    it("answers an empty list when there are no apps", async () => {
      expect(await getApps()).toEqual([]);
    });

    it("sends every field, with platforms as a list and numbers as numbers", async () => {
      const app = await createApp(db(), {
        name: "Block Editor",
        category: "Web Tool",
        relationship: "official-partner",
        status: "beta",
        logoUrl: "https://cdn.example/logo.png",
        imageUrl: "block-editor.webp",
        shortDescription: "Edit worlds in the browser.",
        description: "A full world editor.",
        downloadCount: 123456,
        rating: 4.7,
        releaseDate: "2023-11-05T00:00:00.000Z",
        platforms: ["web", "windows", "macos"],
        websiteUrl: "https://editor.example",
        downloadUrl: "https://editor.example/download",
        sortOrder: 3,
      });

      const sent = (await getApps()).find((a) => a.id === app.id);
      expect(Object.keys(sent ?? {}).sort()).toEqual(APP_FIELDS);
      expect(sent).toEqual({
        id: app.id,
        name: "Block Editor",
        slug: app.slug,
        category: "Web Tool",
        relationship: "official-partner",
        status: "beta",
        logoUrl: "https://cdn.example/logo.png",
        imageUrl: "block-editor.webp",
        shortDescription: "Edit worlds in the browser.",
        description: "A full world editor.",
        downloadCount: 123456,
        rating: 4.7,
        releaseDate: "2023-11-05T00:00:00.000Z",
        platforms: ["web", "windows", "macos"],
        websiteUrl: "https://editor.example",
        downloadUrl: "https://editor.example/download",
        sortOrder: 3,
      });
    });

    it("sends null for a missing rating, release date and links, and an empty platform list", async () => {
      const app = await createApp(db(), {
        rating: null,
        releaseDate: null,
        downloadCount: 0,
        platforms: [],
      });
      const sent = (await getApps()).find((a) => a.id === app.id);
      expect(sent).toMatchObject({
        rating: null,
        releaseDate: null,
        logoUrl: null,
        imageUrl: null,
        websiteUrl: null,
        downloadUrl: null,
        downloadCount: 0,
        platforms: [],
      });
    });

    it("sends an empty platform list when the stored list is unreadable", async () => {
      const app = await createApp(db());
      await db()
        .updateTable("apps")
        .set({ platforms: "not json" })
        .where("id", "=", app.id)
        .execute();
      expect((await getApps()).find((a) => a.id === app.id)?.platforms).toEqual([]);
    });

    it("orders apps by sortOrder, then by name", async () => {
      const made = [
        await createApp(db(), { name: "Zulu", sortOrder: -2 }),
        await createApp(db(), { name: "Bravo", sortOrder: -1 }),
        await createApp(db(), { name: "Alpha", sortOrder: -1 }),
        await createApp(db(), { name: "Yankee", sortOrder: -3 }),
      ];
      const ids = new Set(made.map((a) => a.id));
      const names = (await getApps()).filter((a) => ids.has(a.id)).map((a) => a.name);
      expect(names).toEqual(["Yankee", "Zulu", "Alpha", "Bravo"]);
    });

    it("lists apps with a lower sortOrder before all others", async () => {
      const first = await createApp(db(), { name: "Zzz first", sortOrder: -100 });
      const last = await createApp(db(), { name: "Aaa last", sortOrder: 100 });
      const apps = await getApps();
      expect(apps[0]?.id).toBe(first.id);
      expect(apps.at(-1)?.id).toBe(last.id);
    });
  });

  describe("app slugs", () => {
    it("answers 409 when the slug is taken", async () => {
      const existing = await createApp(db(), { name: "Original" });
      const attempt = insertApp(db(), fakeApp({ slug: existing.slug }));
      await expect(attempt).rejects.toBeInstanceOf(HttpError);
      await expect(attempt).rejects.toMatchObject({
        status: 409,
        message: "That slug is already used by another app.",
      });
      const apps = await getApps();
      expect(apps.filter((a) => a.slug === existing.slug).map((a) => a.name)).toEqual(["Original"]);
    });
  });
});

/** A valid app form with a unique name and slug; override only what the test is about. */
function appForm(overrides: Record<string, unknown> = {}): AppFormValues {
  const id = crypto.randomUUID().slice(0, 8);
  return {
    name: `Tool ${id}`,
    slug: `tool-${id}`,
    category: "Utility",
    relationship: "partner",
    status: "beta",
    logoUrl: "/uploads/logo-1.png",
    imageUrl: "https://cdn.example/banner.png",
    shortDescription: "Checks packs before you submit them.",
    description: "A longer description of the tool.",
    downloadCount: 4200,
    rating: 4.1,
    releaseDate: "2024-02-29",
    platforms: ["web", "android"],
    websiteUrl: "https://tool.example",
    downloadUrl: "http://tool.example/download",
    sortOrder: 5,
    ...overrides,
  } as AppFormValues;
}

describeEachDatabase("apps management API", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;

  const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
    requestAs(server, employee, path, init);

  async function publicApps(): Promise<App[]> {
    const response = await server.request("/api/apps");
    expect(response.status).toBe(200);
    return (await response.json()) as App[];
  }

  async function addApp(body: unknown): Promise<App> {
    const response = await call("/api/apps", { method: "POST", body });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as App;
  }

  describe("POST /api/apps", () => {
    it("adds an app with every field and answers 201 with it", async () => {
      const form = appForm();
      const added = await addApp(form);
      expect(Object.keys(added).sort()).toEqual(APP_FIELDS);
      expect(added).toEqual({
        id: expect.any(String),
        name: form.name,
        slug: form.slug,
        category: "Utility",
        relationship: "partner",
        status: "beta",
        logoUrl: "/uploads/logo-1.png",
        imageUrl: "https://cdn.example/banner.png",
        shortDescription: "Checks packs before you submit them.",
        description: "A longer description of the tool.",
        downloadCount: 4200,
        rating: 4.1,
        releaseDate: "2024-02-29T00:00:00.000Z",
        platforms: ["web", "android"],
        websiteUrl: "https://tool.example",
        downloadUrl: "http://tool.example/download",
        sortOrder: 5,
      });
      expect((await publicApps()).find((a) => a.id === added.id)).toEqual(added);
      const fetched = await call(`/api/apps/${added.id}`);
      expect(fetched.status).toBe(200);
      expect(await fetched.json()).toEqual(added);
    });

    it("fills in the defaults when only the required fields are sent", async () => {
      const added = await addApp({
        name: "Bare",
        slug: `bare-${crypto.randomUUID().slice(0, 8)}`,
        category: "Game",
        relationship: "developed",
        status: "released",
        platforms: ["ios"],
      });
      expect(added).toMatchObject({
        logoUrl: null,
        imageUrl: null,
        shortDescription: "",
        description: "",
        downloadCount: 0,
        rating: null,
        releaseDate: null,
        websiteUrl: null,
        downloadUrl: null,
        sortOrder: 0,
      });
    });

    it("trims text, stores empty optional values as null and each platform once, in order", async () => {
      const added = await addApp(
        appForm({
          name: "  Padded Name  ",
          shortDescription: "  short  ",
          logoUrl: "",
          imageUrl: null,
          websiteUrl: "  ",
          downloadUrl: "",
          rating: "",
          releaseDate: "",
          platforms: ["linux", "web", "linux", "ios"],
        }),
      );
      expect(added).toMatchObject({
        name: "Padded Name",
        shortDescription: "short",
        logoUrl: null,
        imageUrl: null,
        websiteUrl: null,
        downloadUrl: null,
        rating: null,
        releaseDate: null,
        platforms: ["web", "ios", "linux"],
      });
    });

    it("accepts the edges of each range and a release date-time with a zone", async () => {
      const low = await addApp(appForm({ rating: 0, downloadCount: 0, sortOrder: -2_147_483_648 }));
      expect(low).toMatchObject({ rating: 0, downloadCount: 0, sortOrder: -2_147_483_648 });
      const high = await addApp(
        appForm({
          rating: 5,
          downloadCount: 2_147_483_647,
          sortOrder: 2_147_483_647,
          releaseDate: "2024-03-01T10:00:00+02:00",
        }),
      );
      expect(high).toMatchObject({
        rating: 5,
        downloadCount: 2_147_483_647,
        sortOrder: 2_147_483_647,
        releaseDate: "2024-03-01T08:00:00.000Z",
      });
    });

    it.each<[string, Record<string, unknown>, string]>([
      ["name", { name: undefined }, APP_MESSAGES.nameRequired],
      ["name", { name: "" }, APP_MESSAGES.nameRequired],
      ["name", { name: "   " }, APP_MESSAGES.nameRequired],
      ["name", { name: 42 }, APP_MESSAGES.nameRequired],
      ["name", { name: "x".repeat(101) }, APP_MESSAGES.nameTooLong],
      ["name", { name: "two\nlines" }, APP_MESSAGES.nameInvalid],
      ["slug", { slug: undefined }, APP_MESSAGES.slugRequired],
      ["slug", { slug: "" }, APP_MESSAGES.slugRequired],
      ["slug", { slug: "Upper-Case" }, APP_MESSAGES.slugFormat],
      ["slug", { slug: "with space" }, APP_MESSAGES.slugFormat],
      ["slug", { slug: "under_score" }, APP_MESSAGES.slugFormat],
      ["slug", { slug: "-leading" }, APP_MESSAGES.slugFormat],
      ["slug", { slug: "trailing-" }, APP_MESSAGES.slugFormat],
      ["slug", { slug: "ümlaut" }, APP_MESSAGES.slugFormat],
      ["slug", { slug: "a".repeat(101) }, APP_MESSAGES.slugTooLong],
      ["category", { category: undefined }, APP_MESSAGES.category],
      ["category", { category: "tool" }, APP_MESSAGES.category],
      ["category", { category: "Music" }, APP_MESSAGES.category],
      ["relationship", { relationship: undefined }, APP_MESSAGES.relationship],
      ["relationship", { relationship: "friend" }, APP_MESSAGES.relationship],
      ["status", { status: undefined }, APP_MESSAGES.status],
      ["status", { status: "live" }, APP_MESSAGES.status],
      ["logoUrl", { logoUrl: "javascript:alert(1)" }, APP_MESSAGES.logoUrl],
      ["logoUrl", { logoUrl: "/uploads/../studio.db" }, APP_MESSAGES.logoUrl],
      ["logoUrl", { logoUrl: "/uploads/" }, APP_MESSAGES.logoUrl],
      ["logoUrl", { logoUrl: "/uploads/a/b.png" }, APP_MESSAGES.logoUrl],
      ["logoUrl", { logoUrl: "logo.png" }, APP_MESSAGES.logoUrl],
      ["logoUrl", { logoUrl: 7 }, APP_MESSAGES.logoUrl],
      ["imageUrl", { imageUrl: "data:image/png;base64,AAAA" }, APP_MESSAGES.imageUrl],
      ["imageUrl", { imageUrl: "ftp://files.example/a.png" }, APP_MESSAGES.imageUrl],
      ["imageUrl", { imageUrl: "https://" }, APP_MESSAGES.imageUrl],
      ["shortDescription", { shortDescription: "x".repeat(301) }, APP_MESSAGES.shortDescription],
      ["shortDescription", { shortDescription: 5 }, APP_MESSAGES.shortDescription],
      ["description", { description: "x".repeat(5001) }, APP_MESSAGES.description],
      ["downloadCount", { downloadCount: -1 }, APP_MESSAGES.downloadCount],
      ["downloadCount", { downloadCount: 1.5 }, APP_MESSAGES.downloadCount],
      ["downloadCount", { downloadCount: "100" }, APP_MESSAGES.downloadCount],
      ["downloadCount", { downloadCount: null }, APP_MESSAGES.downloadCount],
      ["downloadCount", { downloadCount: 2_147_483_648 }, APP_MESSAGES.downloadCount],
      ["rating", { rating: -0.1 }, APP_MESSAGES.rating],
      ["rating", { rating: 5.01 }, APP_MESSAGES.rating],
      ["rating", { rating: "4" }, APP_MESSAGES.rating],
      ["rating", { rating: true }, APP_MESSAGES.rating],
      ["releaseDate", { releaseDate: "2023-02-29" }, APP_MESSAGES.releaseDate],
      ["releaseDate", { releaseDate: "2024-13-01" }, APP_MESSAGES.releaseDate],
      ["releaseDate", { releaseDate: "next week" }, APP_MESSAGES.releaseDate],
      ["releaseDate", { releaseDate: "2024-01-01T10:00:00" }, APP_MESSAGES.releaseDate],
      ["releaseDate", { releaseDate: "1899-12-31" }, APP_MESSAGES.releaseDate],
      ["releaseDate", { releaseDate: 20240101 }, APP_MESSAGES.releaseDate],
      ["platforms", { platforms: undefined }, APP_MESSAGES.platformsRequired],
      ["platforms", { platforms: [] }, APP_MESSAGES.platformsRequired],
      ["platforms", { platforms: "web" }, APP_MESSAGES.platformsRequired],
      ["platforms", { platforms: ["web", "playstation"] }, APP_MESSAGES.platforms],
      ["platforms", { platforms: [1] }, APP_MESSAGES.platforms],
      ["websiteUrl", { websiteUrl: "not a url" }, APP_MESSAGES.websiteUrl],
      ["websiteUrl", { websiteUrl: "mailto:team@tool.example" }, APP_MESSAGES.websiteUrl],
      ["websiteUrl", { websiteUrl: "javascript:alert(1)" }, APP_MESSAGES.websiteUrl],
      ["websiteUrl", { websiteUrl: "/uploads/page.html" }, APP_MESSAGES.websiteUrl],
      ["downloadUrl", { downloadUrl: "ftp://files.example/tool.zip" }, APP_MESSAGES.downloadUrl],
      ["downloadUrl", { downloadUrl: "https://exa mple.com" }, APP_MESSAGES.downloadUrl],
      ["sortOrder", { sortOrder: 1.5 }, APP_MESSAGES.sortOrder],
      ["sortOrder", { sortOrder: "1" }, APP_MESSAGES.sortOrder],
      ["sortOrder", { sortOrder: 2_147_483_648 }, APP_MESSAGES.sortOrder],
    ])("answers 400 with errors.%s for %j", async (field, overrides, message) => {
      const form = appForm(overrides);
      const response = await call("/api/apps", { method: "POST", body: form });
      const body = await readError(response, 400);
      expect(body).toEqual({ message, errors: { [field]: message } });
      expect((await publicApps()).map((a) => a.slug)).not.toContain(form.slug);
    });

    it("names every wrong field at once", async () => {
      const response = await call("/api/apps", {
        method: "POST",
        body: { name: "", category: "Music", rating: 9, platforms: [] },
      });
      const body = await readError(response, 400);
      expect(body.errors).toEqual({
        name: APP_MESSAGES.nameRequired,
        slug: APP_MESSAGES.slugRequired,
        category: APP_MESSAGES.category,
        relationship: APP_MESSAGES.relationship,
        status: APP_MESSAGES.status,
        rating: APP_MESSAGES.rating,
        platforms: APP_MESSAGES.platformsRequired,
      });
    });

    it("answers 400 for a body that is not an object", async () => {
      for (const body of [[appForm()], "app", 42]) {
        await readError(await call("/api/apps", { method: "POST", body }), 400);
      }
    });

    it("answers 409 when the slug is taken, and keeps the first app as it was", async () => {
      const first = await addApp(appForm({ name: "First" }));
      const response = await call("/api/apps", {
        method: "POST",
        body: appForm({ name: "Second", slug: first.slug }),
      });
      expect(await readError(response, 409)).toEqual({ message: APP_MESSAGES.slugTaken });
      expect((await publicApps()).filter((a) => a.slug === first.slug)).toEqual([first]);
    });

    it("answers 401 when signed out and adds nothing", async () => {
      const form = appForm();
      const response = await server.request("/api/apps", {
        method: "POST",
        headers: { origin: server.url, "content-type": "application/json" },
        body: JSON.stringify(form),
      });
      await readError(response, 401);
      expect((await publicApps()).map((a) => a.slug)).not.toContain(form.slug);
    });
  });

  describe("GET /api/apps/:id", () => {
    it("answers 404 with a message for an unknown id", async () => {
      for (const id of [crypto.randomUUID(), "nope", "%00"]) {
        const body = await readError(await call(`/api/apps/${id}`), 404);
        expect(body.message).toBe(APP_MESSAGES.notFound);
      }
    });
  });

  describe("PUT /api/apps/:id", () => {
    it("replaces the fields and the public list shows the change at once", async () => {
      const app = await addApp(appForm({ name: "Before" }));
      const form = appForm({
        name: "After",
        slug: `after-${crypto.randomUUID().slice(0, 8)}`,
        category: "Education",
        relationship: "official-partner",
        status: "banned",
        logoUrl: null,
        imageUrl: "/uploads/new-banner.webp",
        shortDescription: "",
        description: "Rewritten.",
        downloadCount: 10,
        rating: null,
        releaseDate: null,
        platforms: ["macos"],
        websiteUrl: null,
        downloadUrl: "https://after.example/get",
        sortOrder: 9,
      });
      const response = await call(`/api/apps/${app.id}`, { method: "PUT", body: form });
      expect(response.status, await response.clone().text()).toBe(200);
      const updated = (await response.json()) as App;
      expect(updated).toEqual({
        id: app.id,
        name: "After",
        slug: form.slug,
        category: "Education",
        relationship: "official-partner",
        status: "banned",
        logoUrl: null,
        imageUrl: "/uploads/new-banner.webp",
        shortDescription: "",
        description: "Rewritten.",
        downloadCount: 10,
        rating: null,
        releaseDate: null,
        platforms: ["macos"],
        websiteUrl: null,
        downloadUrl: "https://after.example/get",
        sortOrder: 9,
      });
      const listed = await publicApps();
      expect(listed.find((a) => a.id === app.id)).toEqual(updated);
      expect(listed.map((a) => a.name)).not.toContain("Before");
    });

    it("keeps the app's place when sortOrder is left out, and moves it when given", async () => {
      const a = await addApp(appForm({ name: "Order A", sortOrder: -50 }));
      const b = await addApp(appForm({ name: "Order B", sortOrder: -40 }));
      const order = async () =>
        (await publicApps()).filter((x) => x.id === a.id || x.id === b.id).map((x) => x.name);
      expect(await order()).toEqual(["Order A", "Order B"]);

      const { sortOrder: _omitted, ...withoutOrder } = appForm({ name: "Order A", slug: a.slug });
      const kept = await call(`/api/apps/${a.id}`, { method: "PUT", body: withoutOrder });
      expect(((await kept.json()) as App).sortOrder).toBe(-50);
      expect(await order()).toEqual(["Order A", "Order B"]);

      const moved = await call(`/api/apps/${a.id}`, {
        method: "PUT",
        body: appForm({ name: "Order A", slug: a.slug, sortOrder: -30 }),
      });
      expect(moved.status).toBe(200);
      expect(await order()).toEqual(["Order B", "Order A"]);
    });

    it("keeps its own slug without a clash, and answers 409 for another app's slug", async () => {
      const mine = await addApp(appForm({ name: "Mine" }));
      const theirs = await addApp(appForm({ name: "Theirs" }));
      const same = await call(`/api/apps/${mine.id}`, {
        method: "PUT",
        body: appForm({ name: "Mine renamed", slug: mine.slug }),
      });
      expect(same.status).toBe(200);

      const clash = await call(`/api/apps/${mine.id}`, {
        method: "PUT",
        body: appForm({ name: "Mine again", slug: theirs.slug }),
      });
      expect(await readError(clash, 409)).toEqual({ message: APP_MESSAGES.slugTaken });
      const listed = await publicApps();
      expect(listed.find((a) => a.id === mine.id)).toMatchObject({
        name: "Mine renamed",
        slug: mine.slug,
      });
      expect(listed.find((a) => a.id === theirs.id)).toEqual(theirs);
    });

    it("answers 400 with the field's message and changes nothing", async () => {
      const app = await addApp(appForm());
      const response = await call(`/api/apps/${app.id}`, {
        method: "PUT",
        body: appForm({ slug: app.slug, websiteUrl: "javascript:alert(1)" }),
      });
      expect(await readError(response, 400)).toEqual({
        message: APP_MESSAGES.websiteUrl,
        errors: { websiteUrl: APP_MESSAGES.websiteUrl },
      });
      expect((await publicApps()).find((a) => a.id === app.id)).toEqual(app);
    });

    it("answers 404 with a message for an unknown id", async () => {
      for (const id of [crypto.randomUUID(), "nope", "%00"]) {
        const response = await call(`/api/apps/${id}`, { method: "PUT", body: appForm() });
        expect((await readError(response, 404)).message).toBe(APP_MESSAGES.notFound);
      }
    });
  });

  describe("DELETE /api/apps/:id", () => {
    it("deletes the app, answers 204, and the public list no longer has it", async () => {
      const app = await addApp(appForm());
      const response = await call(`/api/apps/${app.id}`, { method: "DELETE" });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      expect((await publicApps()).map((a) => a.id)).not.toContain(app.id);
      const stored = await db().selectFrom("apps").select("id").where("id", "=", app.id).execute();
      expect(stored).toEqual([]);
    });

    it("answers 404 with a message for an unknown or already deleted id", async () => {
      const app = await addApp(appForm());
      expect((await call(`/api/apps/${app.id}`, { method: "DELETE" })).status).toBe(204);
      for (const id of [app.id, crypto.randomUUID(), "%00"]) {
        const response = await call(`/api/apps/${id}`, { method: "DELETE" });
        expect((await readError(response, 404)).message).toBe(APP_MESSAGES.notFound);
      }
    });
  });
});
