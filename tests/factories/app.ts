import { randomBytes } from "node:crypto";
import type { Db } from "#server/db/db.server.ts";
import { insertApp, type NewApp } from "#server/services/apps.server.ts";

/** App data with a unique name and slug; override only what the test is about. */
export function fakeApp(overrides: Partial<NewApp> = {}): NewApp {
  const id = randomBytes(8).toString("hex");
  return {
    name: `App ${id}`,
    slug: `app-${id}`,
    category: "Tool",
    relationship: "developed",
    status: "released",
    logoUrl: null,
    imageUrl: null,
    shortDescription: `Short description of app ${id}.`,
    description: `Description of app ${id}.`,
    downloadCount: 1200,
    rating: 4.5,
    releaseDate: "2024-03-01T00:00:00.000Z",
    platforms: ["web"],
    websiteUrl: null,
    downloadUrl: null,
    ...overrides,
  };
}

export function createApp(db: Db, overrides: Partial<NewApp> = {}) {
  return insertApp(db, fakeApp(overrides));
}
