import type { Config } from "#server/config/env.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { lockTransaction } from "#server/db/dialect.server.ts";
import { insertApp, type NewApp } from "#server/services/apps.server.ts";
import { insertPost, type NewPost } from "#server/services/posts.server.ts";
import type { UploadStore } from "#server/storage/upload-store.server.ts";
import { buildDemoContent } from "./demo-content.server.ts";
import { demoImageName, type ImageSpec, writeDemoImages } from "./demo-images.server.ts";

/** What a seeding run added. */
export type SeedSummary = { posts: number; apps: number; subscribers: number; images: number };

const SEED_LOCK = "studio-site:seed-demo-content";

/**
 * Seeds demo content (posts, apps, subscribers and their generated images) into a database
 * that has no posts and no apps, and does nothing to one that has either. Safe to run twice
 * and from several processes at once: the emptiness check and every insert happen in one
 * serialized transaction, so exactly one run seeds. The images go into `uploads`, the process's
 * upload store. Returns what was added, or null.
 */
export async function seedDemoContent(
  { db, config, uploads }: { db: Db; config: Config; uploads: UploadStore },
  { now = new Date() }: { now?: Date } = {},
): Promise<SeedSummary | null> {
  // Cheap check first, so a restart of a site with content draws no images.
  if (!(await hasNoContent(db))) return null;

  const content = buildDemoContent(config, now);
  const footer = config.siteDefaults.companyName;
  const images: { file: string; spec: ImageSpec }[] = [];
  const image = (stem: string, spec: ImageSpec) => {
    const file = demoImageName(stem);
    images.push({ file, spec });
    return file;
  };
  const posts: NewPost[] = content.posts.map(({ art, ...post }) => ({
    ...post,
    // Last edited when published (or written) unless the post says it was edited again later.
    updatedAt: post.updatedAt ?? post.publishedAt ?? post.createdAt,
    featuredImage: art
      ? image(post.slug, {
          kind: "banner",
          title: art.title ?? post.title,
          label: art.label,
          footer,
          palette: art.palette,
          art: art.art,
          seed: post.slug,
        })
      : null,
    featuredImageAlt: art ? `Cover art for ${post.title}` : null,
  }));
  const apps: NewApp[] = content.apps.map(({ palette, ...app }) => ({
    ...app,
    logoUrl: `/uploads/${image(`${app.slug}-logo`, { kind: "logo", palette, seed: app.slug })}`,
    imageUrl: `/uploads/${image(app.slug, {
      kind: "banner",
      title: app.name,
      label: app.category,
      footer,
      palette,
      art: "sprite",
      seed: app.slug,
    })}`,
  }));

  // The images are drawn before the transaction, so the write lock is held for milliseconds
  // rather than seconds; a run that finds it lost the race removes its own images again.
  let seeded = false;
  try {
    await writeDemoImages(uploads, images);
    seeded = await db.transaction().execute(async (trx) => {
      await lockTransaction(trx, SEED_LOCK);
      if (!(await hasNoContent(trx))) return false;
      for (const post of posts) await insertPost(trx, post, { siteUrl: config.siteUrl });
      for (const app of apps) await insertApp(trx, app);
      await trx
        .insertInto("subscribers")
        .values(content.subscribers.map((s) => ({ id: crypto.randomUUID(), ...s })))
        .onConflict((oc) => oc.column("email").doNothing())
        .execute();
      return true;
    });
  } finally {
    if (!seeded) {
      await Promise.all(images.map(({ file }) => uploads.delete(file).catch(() => undefined)));
    }
  }
  return seeded
    ? {
        posts: posts.length,
        apps: apps.length,
        subscribers: content.subscribers.length,
        images: images.length,
      }
    : null;
}

async function hasNoContent(db: Db): Promise<boolean> {
  const post = await db.selectFrom("posts").select("id").limit(1).executeTakeFirst();
  if (post) return false;
  const app = await db.selectFrom("apps").select("id").limit(1).executeTakeFirst();
  return !app;
}
