import { randomBytes, randomUUID } from "node:crypto";
import { DEFAULT_SEO_FIELDS } from "#common/schemas/post-seo.ts";
import type { Db } from "#server/db/db.server.ts";
import { parseStringList } from "#server/db/json-list.ts";
import type { PostRow } from "#server/db/tables.ts";
import { insertPost, type NewPost } from "#server/services/posts.server.ts";

/** Post data with a unique title and slug; override only what the test is about. */
export function fakePost(overrides: Partial<NewPost> = {}): NewPost {
  const id = randomBytes(8).toString("hex");
  return {
    title: `Post ${id}`,
    slug: `post-${id}`,
    content: `<p>Content of post ${id}.</p>`,
    excerpt: `Excerpt of post ${id}.`,
    status: "published",
    category: "news",
    ...overrides,
  };
}

/** Inserts a post (published news unless told otherwise) and returns its row. */
export function createPost(db: Db, overrides: Partial<NewPost> = {}) {
  return insertPost(db, fakePost(overrides));
}

/** An ISO timestamp `ms` milliseconds from now (negative for the past). */
export function fromNow(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

/**
 * A complete posts row (published news unless told otherwise), for inserting without the
 * service; like insertPost, published when it was created unless told otherwise.
 */
export function fakePostRow(overrides: Partial<PostRow> = {}): PostRow {
  const post = fakePost();
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  return {
    id: randomUUID(),
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? null,
    content: post.content,
    status: "published",
    category: "news",
    packType: null,
    marketplaceUrl: null,
    youtubeUrl: null,
    featuredImage: null,
    featuredImageAlt: null,
    ...DEFAULT_SEO_FIELDS,
    scheduledAt: null,
    timezone: null,
    releaseDate: null,
    publishedAt: createdAt,
    tags: "[]",
    authorId: null,
    createdAt,
    updatedAt: createdAt,
    version: 1,
    updatedBy: null,
    newsletterOnPublish: false,
    newsletterRequestedBy: null,
    ...overrides,
  };
}

/** Post columns added by later migrations (0017, 0021), at their defaults. */
const LATER_COLUMN_DEFAULTS = {
  ...DEFAULT_SEO_FIELDS,
  newsletterOnPublish: false,
  newsletterRequestedBy: null,
} as const;

/**
 * Inserts `count` posts in one multi-row statement (fast enough for thousands);
 * `overrides(i)` shapes the i-th row.
 */
export async function createManyPosts(
  db: Db,
  count: number,
  overrides: (index: number) => Partial<PostRow> = () => ({}),
): Promise<PostRow[]> {
  const rows = Array.from({ length: count }, (_, i) => fakePostRow(overrides(i)));
  // Columns of later migrations left at their defaults are left to the database, so the rows
  // also fit a database migrated only as far as a migration test needs.
  const columns = rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).filter(
        ([name, value]) =>
          !(name in LATER_COLUMN_DEFAULTS) ||
          value !== LATER_COLUMN_DEFAULTS[name as keyof typeof LATER_COLUMN_DEFAULTS],
      ),
    ),
  ) as PostRow[];
  await db.insertInto("posts").values(columns).execute();
  // The tag rows the site's writes keep beside posts.tags (server/services/post-tags.server.ts).
  const tags = rows.flatMap((row) =>
    [...new Set(parseStringList(row.tags))].map((tag) => ({ postId: row.id, tag })),
  );
  if (tags.length > 0) await db.insertInto("post_tags").values(tags).execute();
  return rows;
}
