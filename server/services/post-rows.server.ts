import type { Db } from "#server/db/db.server.ts";
import type { PostRow } from "#server/db/tables.ts";

// Reading one post row, shared by every service that writes posts (posts, autosave, restore).

/** Every column of a post, selected by name (never `select *`). */
export const POST_COLUMNS = [
  "posts.id",
  "posts.title",
  "posts.slug",
  "posts.excerpt",
  "posts.content",
  "posts.status",
  "posts.category",
  "posts.packType",
  "posts.marketplaceUrl",
  "posts.youtubeUrl",
  "posts.featuredImage",
  "posts.featuredImageAlt",
  "posts.metaTitle",
  "posts.metaDescription",
  "posts.socialImage",
  "posts.socialTitle",
  "posts.socialDescription",
  "posts.canonicalUrl",
  "posts.noIndex",
  "posts.scheduledAt",
  "posts.timezone",
  "posts.releaseDate",
  "posts.publishedAt",
  "posts.tags",
  "posts.authorId",
  "posts.createdAt",
  "posts.updatedAt",
  "posts.version",
  "posts.updatedBy",
  "posts.newsletterOnPublish",
  "posts.newsletterRequestedBy",
] as const;

/** What a missing post answers (unknown or malformed id). */
export const POST_NOT_FOUND_MESSAGE = "That post does not exist. It may have been deleted.";
export const SLUG_TAKEN_MESSAGE = "That slug is already used by another post.";

/**
 * Whether `id` could be a post's id at all: ids are UUIDs, and anything far from one, or with a
 * NUL (which PostgreSQL refuses in a query parameter), is simply not there.
 */
export function couldBeId(id: string): boolean {
  return id.length <= 100 && !id.includes("\0");
}

/** The post with this id, whatever its status, or null. */
export async function getPostById(db: Db, id: string): Promise<PostRow | null> {
  if (!couldBeId(id)) return null;
  const row = await db
    .selectFrom("posts")
    .select(POST_COLUMNS)
    .where("posts.id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** The category of the post with this id, or null when there is no such post. */
export async function getPostCategory(db: Db, id: string): Promise<string | null> {
  if (!couldBeId(id)) return null;
  const row = await db
    .selectFrom("posts")
    .select("posts.category")
    .where("posts.id", "=", id)
    .executeTakeFirst();
  return row?.category ?? null;
}
