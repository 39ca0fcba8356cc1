import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MESSAGES } from "#common/schemas/app.ts";
import { readError } from "#tests/helpers/http.ts";
import { type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { APP_FIELDS, appCalls, appForm } from "./apps.router.fixture.ts";

describeEachDatabase("apps management API", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
  });
  afterAll(() => server?.close());
  const { call, publicApps, addApp } = appCalls(() => ({ server, employee }));

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
});
