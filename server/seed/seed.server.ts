import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Config } from "#server/config/env.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { lockTransaction } from "#server/db/dialect.server.ts";
import type { Database } from "#server/db/tables.ts";
import { insertApp, type NewApp } from "#server/services/apps.server.ts";
import { insertPost, type NewPost } from "#server/services/posts.server.ts";
import type { UploadStore } from "#server/storage/upload-store.server.ts";
import { buildDemoContent } from "./demo-content.server.ts";
import { demoImageName, type ImageSpec, writeDemoImages } from "./demo-images.server.ts";
import { DEMO_STAFF, type DemoAuthor } from "./demo-staff.server.ts";

type DemoStaffMember = (typeof DEMO_STAFF)[DemoAuthor];

/** What a seeding run added. */
export type SeedSummary = {
  posts: number;
  apps: number;
  subscribers: number;
  images: number;
  /** The demo team who wrote the posts (demo-staff.server.ts). */
  staff: number;
};

const SEED_LOCK = "studio-site:seed-demo-content";

/**
 * Seeds demo content (posts and the demo team who wrote them, apps, subscribers and their
 * generated images) into a database
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
  const posts: (NewPost & { author: DemoAuthor })[] = content.posts.map(({ art, ...post }) => ({
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
      const authors = await insertDemoStaff(trx, now);
      for (const { author, ...post } of posts) {
        await insertPost(trx, { ...post, authorId: authors[author] }, { siteUrl: config.siteUrl });
      }
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
        staff: Object.keys(DEMO_STAFF).length,
      }
    : null;
}

/**
 * The demo team: an inactive employee record and a login without a password each (see
 * demo-staff.server.ts), made only when nobody has the address yet. Answers their user ids.
 */
async function insertDemoStaff(
  trx: Transaction<Database>,
  now: Date,
): Promise<Record<DemoAuthor, string>> {
  const nowIso = now.toISOString();
  const ids = {} as Record<DemoAuthor, string>;
  for (const [key, person] of Object.entries(DEMO_STAFF) as [DemoAuthor, DemoStaffMember][]) {
    const existing = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", person.email)
      .executeTakeFirst();
    const id = existing?.id ?? randomUUID();
    if (!existing) {
      await trx
        .insertInto("users")
        .values({
          id,
          name: "",
          email: person.email,
          emailVerified: false,
          image: null,
          createdAt: nowIso,
          updatedAt: nowIso,
        })
        .execute();
    }
    await trx
      .insertInto("employees")
      .values({
        id: randomUUID(),
        ...person,
        role: "employee",
        isActive: false,
        createdAt: nowIso,
        updatedAt: nowIso,
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    ids[key] = id;
  }
  return ids;
}

async function hasNoContent(db: Db): Promise<boolean> {
  const post = await db.selectFrom("posts").select("id").limit(1).executeTakeFirst();
  if (post) return false;
  const app = await db.selectFrom("apps").select("id").limit(1).executeTakeFirst();
  return !app;
}
