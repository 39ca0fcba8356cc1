import { randomUUID } from "node:crypto";
import { effectiveState } from "#common/content-rules.ts";
import { isEmptyDocument } from "#common/editor/empty-document.ts";
import type { PostInput } from "#common/schemas/post.ts";
import { DEFAULT_SEO_FIELDS, type PostSeoFields } from "#common/schemas/post-seo.ts";
import type { Db } from "#server/db/db.server.ts";
import { isUniqueViolation } from "#server/db/dialect.server.ts";
import { reusableQuery } from "#server/db/reusable-query.server.ts";
import type { PostRow } from "#server/db/tables.ts";
import { HttpError } from "#server/errors.ts";
import type { UploadStore } from "#server/storage/upload-store.server.ts";
import { type Audience, effectiveLimit, visibleTo } from "./content-rules.server.ts";
import { syncPostMediaUses } from "./media-uses.server.ts";
import { recordRevision, revisionContentOf, revisionKindOf } from "./post-revisions.server.ts";
import {
  couldBeId,
  getPostById,
  POST_COLUMNS,
  POST_NOT_FOUND_MESSAGE,
  SLUG_TAKEN_MESSAGE,
} from "./post-rows.server.ts";
import { slugToStore } from "./post-slugs.server.ts";
import { writePostTags } from "./post-tags.server.ts";
import { versionConflict } from "./post-versions.server.ts";
import { deleteWorkingCopy } from "./post-working-copies.server.ts";
import {
  fieldColumns,
  NO_NEWSLETTER_PLAN,
  readPost,
  storedEditorFields,
  updatePost,
  writePostTransaction,
} from "./post-writes.server.ts";
import { sanitizePostHtml } from "./sanitize-html.server.ts";
import { toScheduledInstant } from "./scheduling.server.ts";
import { queuePostEvents } from "./webhook-events.server.ts";

/** What a post's address leads to: the post, or the current slug of a post renamed since. */
export type PostAtSlug = { kind: "post"; post: PostRow } | { kind: "moved"; slug: string };

/**
 * The post `audience` may see at `slug`, or, for a post renamed after publication, where it
 * moved; null when there is neither (missing, draft and not-yet-due posts alike). The API's
 * slug read and the post page both answer from this.
 */
export async function findPostBySlug(
  db: Db,
  slug: string,
  options: { now?: Date; audience: Audience },
): Promise<PostAtSlug | null> {
  const post = await getPostBySlug(db, slug, options);
  if (post) return { kind: "post", post };
  const current = await findSlugRedirect(db, slug, options);
  return current === null ? null : { kind: "moved", slug: current };
}

/**
 * The post at a slug, one query per audience, compiled once: the public post page and the
 * API's slug read ask it for every view.
 */
const postAtSlugFor = {
  public: reusableQuery(["slug", "now"], (db, { slug, now }) =>
    db
      .selectFrom("posts")
      .select(POST_COLUMNS)
      .where("posts.slug", "=", slug)
      .where(visibleTo("public", now)),
  ),
  staff: reusableQuery(["slug", "now"], (db, { slug, now }) =>
    db
      .selectFrom("posts")
      .select(POST_COLUMNS)
      .where("posts.slug", "=", slug)
      .where(visibleTo("staff", now)),
  ),
} satisfies Record<Audience, unknown>;

/** The post with this slug if `audience` may see it, else null. */
async function getPostBySlug(
  db: Db,
  slug: string,
  { now = new Date(), audience }: { now?: Date; audience: Audience },
): Promise<PostRow | null> {
  // No slug contains NUL, and PostgreSQL rejects the character in a query parameter (a 500
  // instead of "not found"), so such a slug is simply not there.
  if (slug.includes("\0")) return null;
  const [row] = await postAtSlugFor[audience](db, { slug, now: now.toISOString() });
  return row ?? null;
}

/**
 * The current slug of the post that once had `slug` (a post renamed after publication), if
 * `audience` may see that post, else null. Only asked when no post has `slug` now.
 */
async function findSlugRedirect(
  db: Db,
  slug: string,
  { now = new Date(), audience }: { now?: Date; audience: Audience },
): Promise<string | null> {
  if (slug.includes("\0")) return null;
  const row = await db
    .selectFrom("post_slug_redirects")
    .innerJoin("posts", "posts.id", "post_slug_redirects.postId")
    .select("posts.slug")
    .where("post_slug_redirects.slug", "=", slug)
    .where(visibleTo(audience, now))
    .executeTakeFirst();
  return row?.slug ?? null;
}

export type NewPost = {
  title: string;
  slug: string;
  content: string;
  excerpt?: string | null;
  status?: string;
  category?: string;
  packType?: string | null;
  marketplaceUrl?: string | null;
  youtubeUrl?: string | null;
  featuredImage?: string | null;
  featuredImageAlt?: string | null;
  scheduledAt?: string | null;
  /** Search and social settings; each left out is null (noIndex false). */
  seo?: Partial<PostSeoFields>;
  timezone?: string | null;
  releaseDate?: string | null;
  publishedAt?: string | null;
  tags?: string[];
  authorId?: string | null;
  createdAt?: string;
  updatedAt?: string;
};

/**
 * Inserts a post from `post`, with defaults for what it leaves out: a news draft, created and
 * last edited now; a published one published when it was created. Its HTML is stored
 * sanitized, as every write stores it (`siteUrl`: the site's public origin, see savePost). The
 * demo seed and the test factories create posts with it.
 */
export function insertPost(
  db: Db,
  post: NewPost,
  { siteUrl = null }: { siteUrl?: string | null } = {},
): Promise<PostRow> {
  const now = new Date().toISOString();
  const createdAt = post.createdAt ?? now;
  const status = post.status ?? "draft";
  return insertPostRow(db, {
    id: randomUUID(),
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? null,
    content: sanitizePostHtml(post.content, { siteUrl }),
    status,
    category: post.category ?? "news",
    packType: post.packType ?? null,
    marketplaceUrl: post.marketplaceUrl ?? null,
    youtubeUrl: post.youtubeUrl ?? null,
    featuredImage: post.featuredImage ?? null,
    featuredImageAlt: post.featuredImageAlt ?? null,
    ...DEFAULT_SEO_FIELDS,
    ...post.seo,
    scheduledAt: post.scheduledAt ?? null,
    timezone: post.timezone ?? null,
    releaseDate: post.releaseDate ?? null,
    publishedAt: post.publishedAt ?? (status === "published" ? createdAt : null),
    tags: JSON.stringify(post.tags ?? []),
    authorId: post.authorId ?? null,
    createdAt,
    updatedAt: post.updatedAt ?? now,
    version: 1,
    updatedBy: null,
    ...NO_NEWSLETTER_PLAN,
  });
}

/** A post row and its tag rows, inside the caller's transaction; a taken slug throws as is. */
async function writePostRow(trx: Db, row: PostRow): Promise<void> {
  await trx.insertInto("posts").values(row).execute();
  await writePostTags(trx, row.id, row.tags);
  await syncPostMediaUses(trx, row.id, row);
}

/** Creates a post for insertPost; a taken slug is a 409, as for every save. */
async function insertPostRow(db: Db, row: PostRow): Promise<PostRow> {
  try {
    // Inside the caller's transaction, else in one of its own.
    await (db.isTransaction
      ? writePostRow(db, row)
      : db.transaction().execute((trx) => writePostRow(trx, row)));
  } catch (error) {
    if (isUniqueViolation(error)) throw HttpError.conflict(SLUG_TAKEN_MESSAGE);
    throw error;
  }
  return row;
}

/**
 * Creates a post saved through the API, inside the transaction of its save: version 1, saved by
 * its author. The slug it takes stops being another post's old address. A taken slug throws the
 * database's error, for the save's transaction (writePostTransaction) to answer or to try again.
 */
export async function insertNewPost(
  trx: Db,
  post: Omit<PostRow, "createdAt" | "updatedAt" | "version" | "updatedBy" | NewsletterPlanColumn> &
    Partial<Pick<PostRow, NewsletterPlanColumn>> & { nowIso: string },
): Promise<PostRow> {
  const { nowIso, ...columns } = post;
  await trx.deleteFrom("post_slug_redirects").where("slug", "=", columns.slug).execute();
  await writePostRow(trx, {
    ...NO_NEWSLETTER_PLAN,
    ...columns,
    createdAt: nowIso,
    updatedAt: nowIso,
    version: 1,
    updatedBy: columns.authorId,
  });
  return readPost(trx, columns.id);
}

/** Every post, any status, newest first by creation time, at most `limit` (capped). */
export function listAllPosts(db: Db, { limit }: { limit?: number | undefined } = {}) {
  return db
    .selectFrom("posts")
    .select(POST_COLUMNS)
    .orderBy("posts.createdAt", "desc")
    .orderBy("posts.id", "desc")
    .limit(effectiveLimit(limit))
    .execute();
}

/**
 * Deletes a post; its old-slug redirects, working copy, revisions and tag rows go with it (the
 * foreign keys cascade). False when there was none.
 */
export async function deletePost(db: Db, id: string): Promise<boolean> {
  if (!couldBeId(id)) return false;
  const result = await db.deleteFrom("posts").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type SavePostOptions = {
  /** The post to update; absent to create one. */
  id?: string;
  input: PostInput;
  /**
   * The version the editor started from: the save is refused (409) when the post is no longer
   * at it. Undefined saves whatever the stored version is.
   */
  expectedVersion?: number | undefined;
  /** The signed-in user saving it; recorded as the author of a new post. */
  authorId: string;
  /** Where upload files live (featured images sent as data: URLs are stored there). */
  /** Where a data: featured image is stored. */
  uploads: UploadStore;
  /** The site's public origin: absolute links to it stay links inside the site. */
  siteUrl: string;
  now?: Date;
};

/**
 * Creates or updates a post by the rules of docs/product/api.md#staff-calls ("Saving a post"): the
 * HTML sanitized; packType, marketplaceUrl and releaseDate kept only for marketplace content;
 * scheduledAt stored as a UTC instant (and only for scheduled posts); publishedAt set on first
 * publication and kept from then on; a data: featured image stored as an upload file. When a
 * post that has been published changes its slug, the old slug is kept as a redirect; a slug a
 * post takes is no longer a redirect. A slug that follows the title (`slugFromTitle`, before the
 * first publication) gets a counter when taken (slugToStore) instead of a 409. In the same transaction (docs/decisions/008-editor-saves.md)
 * the version goes up by one, a revision is recorded and the post's working copy is discarded:
 * what it held was sent with this save.
 * Throws HttpError 404 (unknown id), 409 (slug in use, or not at `expectedVersion`) and 400
 * (featured image, past schedule).
 */
export async function savePost(db: Db, options: SavePostOptions): Promise<PostRow> {
  const { id, input, expectedVersion, authorId, uploads, siteUrl, now = new Date() } = options;
  const content = sanitizePostHtml(input.content, { siteUrl });
  if (isEmptyDocument(content)) {
    // Only markup the editor cannot make (a script, a form) was sent.
    throw HttpError.badRequest("Content is required", { content: "Content is required" });
  }
  const existing = id === undefined ? null : await getPostById(db, id);
  if (id !== undefined && !existing) throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
  // Answered before an image is stored; the update below checks again, race-free.
  if (existing && expectedVersion !== undefined && existing.version !== expectedVersion) {
    throw await versionConflict(db, existing.id);
  }
  const nowIso = now.toISOString();
  const schedule = scheduleOf(input, existing, now);
  // A due scheduled post is already published, even before the sweep has flipped it.
  const firstPublishedAt = existing ? effectiveState(existing, now).publishedAt : null;

  const { fields, undo } = await storedEditorFields(input, content, {
    db,
    uploads,
    existing,
    userId: authorId,
  });
  const columns = {
    ...fieldColumns(fields),
    status: input.status,
    scheduledAt: schedule.scheduledAt,
    timezone: schedule.timezone,
    publishedAt: firstPublishedAt ?? (input.status === "published" ? nowIso : null),
    ...newsletterPlanOf(input, authorId),
  };

  const postId = existing?.id ?? randomUUID();
  // Once published, the slug no longer follows the title (it freezes).
  const fromTitle = input.slugFromTitle && firstPublishedAt === null;
  return writePostTransaction(
    db,
    postId,
    async (trx) => {
      let saved: PostRow;
      const slug = await slugToStore(trx, { ...input, fromTitle, postId });
      if (existing) {
        saved = await updatePost(trx, {
          existing,
          columns: { ...columns, slug },
          expectedVersion,
          userId: authorId,
          nowIso,
          publishedBefore: firstPublishedAt !== null,
        });
        await deleteWorkingCopy(trx, postId);
      } else {
        saved = await insertNewPost(trx, { ...columns, slug, id: postId, authorId, nowIso });
      }
      await recordRevision(trx, {
        postId,
        kind: revisionKindOf(existing?.status ?? null, saved.status),
        content: revisionContentOf(saved),
        authorId: saved.authorId,
        savedBy: authorId,
        nowIso,
      });
      // Announcements (webhooks) of the change, committed with it (decision 037).
      await queuePostEvents(trx, { before: existing, after: saved, now });
      return saved;
    },
    undo,
    { slugFromTitle: fromTitle },
  );
}

type NewsletterPlanColumn = "newsletterOnPublish" | "newsletterRequestedBy";

/**
 * The post's newsletter plan as this save leaves it (docs/decisions/038-newsletter-with-the-post.md):
 * planned by the one saving, or called off, when the save says so; as it was when the save does
 * not say (a draft calls it off in updatePost).
 */
function newsletterPlanOf(
  input: PostInput,
  userId: string,
): Partial<Pick<PostRow, NewsletterPlanColumn>> {
  if (input.newsletterOnPublish === undefined) return {};
  return input.newsletterOnPublish
    ? { newsletterOnPublish: true, newsletterRequestedBy: userId }
    : NO_NEWSLETTER_PLAN;
}

/**
 * The stored scheduledAt and timezone: only a scheduled post has a scheduled time, while every
 * post keeps the time zone chosen in its settings. A time that has passed is refused unless it
 * is the one already stored (re-saving a post that has just come due).
 */
function scheduleOf(
  input: PostInput,
  existing: PostRow | null,
  now: Date,
): { scheduledAt: string | null; timezone: string | null } {
  if (input.status !== "scheduled" || input.scheduledAt === null) {
    return { scheduledAt: null, timezone: input.timezone };
  }
  const scheduledAt = toScheduledInstant(input.scheduledAt, input.timezone);
  const unchanged =
    existing?.scheduledAt != null && Date.parse(existing.scheduledAt) === Date.parse(scheduledAt);
  if (Date.parse(scheduledAt) <= now.getTime() && !unchanged) {
    const message = "That time has already passed. Choose a later time, or publish the post now.";
    throw HttpError.badRequest(message, { scheduledAt: message });
  }
  return { scheduledAt, timezone: input.timezone };
}
