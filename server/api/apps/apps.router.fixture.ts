import { expect } from "vitest";
import type { AppFormValues } from "#common/schemas/app.ts";
import type { App } from "#common/types/app.ts";
import { requestAs, type SignedIn } from "#tests/helpers/staff.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";

// What the apps API tests (apps.router*.test.ts) share.

/** Every field of the App type (common/types/app.ts). */
export const APP_FIELDS = [
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

/** A valid app form with a unique name and slug; override only what the test is about. */
export function appForm(overrides: Record<string, unknown> = {}): AppFormValues {
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

/**
 * The calls the apps management tests make as the employee; `current` gives the server and the
 * employee of the running test file (set in its beforeAll).
 */
export function appCalls(current: () => { server: TestServer; employee: SignedIn }) {
  const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
    requestAs(current().server, current().employee, path, init);

  async function publicApps(): Promise<App[]> {
    const response = await current().server.request("/api/apps");
    expect(response.status).toBe(200);
    return (await response.json()) as App[];
  }

  async function addApp(body: unknown): Promise<App> {
    const response = await call("/api/apps", { method: "POST", body });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as App;
  }

  return { call, publicApps, addApp };
}
