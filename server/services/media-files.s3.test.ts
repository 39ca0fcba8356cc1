import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config/env.server.ts";
import { seedDemoContent } from "#server/seed/seed.server.ts";
import { openUploadStore, type UploadStore } from "#server/storage/upload-store.server.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/test-database.ts";
import { listMediaUses } from "./media.server.ts";
import { backfillMedia } from "./media-backfill.server.ts";
import { deleteMedia, filesOfImage, replaceMediaFile } from "./media-files.server.ts";

// The media library over both upload stores (docs/decisions/040-media-library.md): the demo
// images stored before the library get their items and uses at start, and replacing and
// deleting an item changes the files in the folder or the bucket.

const STORES = ["disk", "s3"] as const;

describe.each(STORES)("the media library with uploads on %s", (kind) => {
  let s3: TestS3Server | undefined;
  let test: TestDatabase;
  let uploads: UploadStore;
  beforeAll(async () => {
    test = await createTestDatabase("sqlite");
    if (kind === "s3") s3 = await startS3Server();
    const config = loadConfig({ DATA_DIR: test.dataDir, ...(s3?.env ?? {}) });
    uploads = openUploadStore(config.storage, config.dataDir);
    await seedDemoContent({ db: test.handle.db, config, uploads });
  });
  afterAll(async () => {
    await test?.destroy();
    await s3?.close();
  });
  const db = () => test.handle.db;
  const names = async () => {
    const stored = new Set<string>();
    for await (const file of uploads.list()) stored.add(file.name);
    return stored;
  };

  it("backfills an item for every stored original, with the uses of the demo posts and apps", async () => {
    const originals = [...(await names())].filter((name) => /\.(png|jpe?g)$/.test(name));
    expect(await backfillMedia(db(), uploads)).toBe(originals.length);
    expect(await backfillMedia(db(), uploads)).toBe(0);
    const featured = await db()
      .selectFrom("posts")
      .select(["id", "featuredImage"])
      .where("featuredImage", "is not", null)
      .executeTakeFirstOrThrow();
    const item = await db()
      .selectFrom("media")
      .select(["id", "width", "size"])
      .where("fileName", "=", featured.featuredImage ?? "")
      .executeTakeFirstOrThrow();
    expect(item.width).toBeGreaterThan(0);
    expect(item.size).toBeGreaterThan(0);
    expect(await listMediaUses(db(), item.id)).toContainEqual(
      expect.objectContaining({ kind: "post", ownerId: featured.id, field: "featuredImage" }),
    );
    const appUses = await db()
      .selectFrom("media_uses")
      .select("appId")
      .where("appId", "is not", null)
      .execute();
    expect(appUses.length).toBeGreaterThan(0);
  });

  it("replaces a used file in the store and in its uses, then deletes it from both", async () => {
    const post = await db()
      .selectFrom("posts")
      .select(["id", "featuredImage"])
      .where("featuredImage", "is not", null)
      .executeTakeFirstOrThrow();
    const old = await db()
      .selectFrom("media")
      .select("id")
      .where("fileName", "=", post.featuredImage ?? "")
      .executeTakeFirstOrThrow();
    const jpeg = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#f59e0b" },
    })
      .jpeg()
      .toBuffer();
    const replaced = await replaceMediaFile(db(), uploads, old.id, jpeg, "new.jpg");
    const after = await names();
    expect(after.has(replaced.fileName)).toBe(true);
    for (const name of filesOfImage(post.featuredImage ?? "")) expect(after.has(name)).toBe(false);
    const stored = await db()
      .selectFrom("posts")
      .select("featuredImage")
      .where("id", "=", post.id)
      .executeTakeFirstOrThrow();
    expect(stored.featuredImage).toBe(replaced.fileName);

    await deleteMedia(db(), uploads, old.id, { removeUses: true });
    const left = await names();
    for (const name of filesOfImage(replaced.fileName)) expect(left.has(name)).toBe(false);
    const cleared = await db()
      .selectFrom("posts")
      .select("featuredImage")
      .where("id", "=", post.id)
      .executeTakeFirstOrThrow();
    expect(cleared.featuredImage).toBeNull();
  });
});
