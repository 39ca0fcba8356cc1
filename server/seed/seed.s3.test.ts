import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config/env.server.ts";
import { openUploadStore } from "#server/storage/upload-store.server.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/test-database.ts";
import { seedDemoContent } from "./seed.server.ts";

// With STORAGE=s3 the demo content's images go into the bucket (their variants are made as
// for any stored image: upload-store.server.test.ts).

describe("seedDemoContent with uploads in a bucket", () => {
  let s3: TestS3Server;
  let test: TestDatabase;
  beforeAll(async () => {
    [s3, test] = await Promise.all([startS3Server(), createTestDatabase("sqlite")]);
  });
  afterAll(async () => {
    await test?.destroy();
    await s3?.close();
  });

  it("stores every image a demo post or app names as an object", async () => {
    const config = loadConfig({ DATA_DIR: test.dataDir, ...s3.env });
    const uploads = openUploadStore(config.storage, config.dataDir);
    const summary = await seedDemoContent({ db: test.handle.db, config, uploads });
    const stored = new Set<string>();
    for await (const file of uploads.list()) stored.add(file.name);
    expect(stored.size).toBe(summary?.images);

    const posts = await test.handle.db
      .selectFrom("posts")
      .select("featuredImage")
      .where("featuredImage", "is not", null)
      .execute();
    const apps = await test.handle.db.selectFrom("apps").select(["logoUrl", "imageUrl"]).execute();
    const named = [
      ...posts.map((post) => post.featuredImage ?? ""),
      ...apps.flatMap((app) => [app.logoUrl, app.imageUrl].map((url) => url?.slice(9) ?? "")),
    ];
    expect(named.length).toBeGreaterThan(10);
    for (const name of named) expect(stored, name).toContain(name);
  });
});
