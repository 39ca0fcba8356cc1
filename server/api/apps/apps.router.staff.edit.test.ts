import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MESSAGES } from "#common/schemas/app.ts";
import type { App } from "#common/types/app.ts";
import { readError } from "#tests/helpers/http.ts";
import { type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { appCalls, appForm } from "./apps.router.fixture.ts";

describeEachDatabase("apps management API", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;
  const { call, publicApps, addApp } = appCalls(() => ({ server, employee }));

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
