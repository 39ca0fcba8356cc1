import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "#common/types/app.ts";
import { HttpError } from "#server/errors.ts";
import { insertApp } from "#server/services/apps.server.ts";
import { createApp, fakeApp } from "#tests/factories/app.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { APP_FIELDS } from "./apps.router.fixture.ts";

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
