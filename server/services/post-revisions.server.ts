import { randomUUID } from "node:crypto";
import type { RevisionKind } from "#common/constants.ts";
import type { PostSeoFields } from "#common/schemas/post-seo.ts";
import type { WorkingCopyValues } from "#common/types/post-revision.ts";
import type { Db } from "#server/db/db.server.ts";
import { parseStringList } from "#server/db/json-list.ts";
import { seoFieldsOfRow } from "#server/db/post-seo.ts";
import type { PostRevisionRow, PostRow } from "#server/db/tables.ts";
import { couldBeId } from "./post-rows.server.ts";

// A post's history (docs/decisions/008-editor-saves.md): every manual save records the post as
// it left it; autosaves are coalesced, so an afternoon of typing does not bury the saves that
// mattered.

/**
 * The stretch of one person's autosaves one revision stands for: later autosaves replace it until
 * the stretch is this old, so at most one autosave revision is kept per 10 minutes per person.
 */
export const AUTOSAVE_COALESCE_MS = 10 * 60_000;
/** The most revisions the list answers. */
export const REVISION_LIST_LIMIT = 200;

/** A revision's kind from the post's stored status before a manual save (null: a new post). */
export function revisionKindOf(before: string | null, after: string): RevisionKind {
  if (before === null) return "create";
  if (after === "published") return before === "published" ? "update" : "publish";
  if (after === "scheduled") return before === "scheduled" ? "update" : "schedule";
  return before === "draft" ? "save" : "unpublish";
}

/**
 * What a revision records of the post: its status and the fields a reader sees, search engines
 * and share cards included.
 */
export type RevisionContent = Pick<
  WorkingCopyValues,
  | "title"
  | "slug"
  | "excerpt"
  | "content"
  | "featuredImage"
  | "featuredImageAlt"
  | "tags"
  | keyof PostSeoFields
> & { status: string };

/** The revision content of a stored post row. */
export function revisionContentOf(row: PostRow): RevisionContent {
  return { ...revisionFieldsOf(row), status: row.status };
}

/** The fields a revision records, as a restore writes them back. */
export function revisionFieldsOf(row: PostRow | PostRevisionRow): Omit<RevisionContent, "status"> {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featuredImage: row.featuredImage,
    featuredImageAlt: row.featuredImageAlt,
    tags: parseStringList(row.tags),
    ...seoFieldsOfRow(row),
  };
}

export type RecordRevisionOptions = {
  postId: string;
  kind: RevisionKind;
  content: RevisionContent;
  /** The post's author. */
  authorId: string | null;
  /** Who saved it. */
  savedBy: string;
  nowIso: string;
};

/**
 * Records a revision, inside the transaction of the save it belongs to. An autosave replaces the
 * post's newest revision instead when that is an autosave by the same person whose stretch began
 * less than AUTOSAVE_COALESCE_MS ago; the replaced revision then carries the new content and
 * time, and keeps when its stretch began.
 */
export async function recordRevision(trx: Db, options: RecordRevisionOptions): Promise<void> {
  const { postId, kind, content, authorId, savedBy, nowIso } = options;
  const values = {
    kind,
    status: content.status,
    title: content.title,
    slug: content.slug,
    excerpt: content.excerpt,
    content: content.content,
    featuredImage: content.featuredImage,
    featuredImageAlt: content.featuredImageAlt,
    ...seoFieldsOfRow(content),
    tags: JSON.stringify(content.tags),
    authorId,
    savedBy,
    createdAt: nowIso,
    coalesceFrom: kind === "autosave" ? nowIso : null,
  };
  if (kind === "autosave") {
    const newest = await trx
      .selectFrom("post_revisions")
      .select(["id", "kind", "savedBy", "createdAt", "coalesceFrom"])
      .where("postId", "=", postId)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    const began = newest?.coalesceFrom ?? newest?.createdAt;
    const age = began ? Date.parse(nowIso) - Date.parse(began) : Infinity;
    if (newest?.kind === "autosave" && newest.savedBy === savedBy && age < AUTOSAVE_COALESCE_MS) {
      await trx
        .updateTable("post_revisions")
        .set({ ...values, coalesceFrom: began ?? nowIso })
        .where("id", "=", newest.id)
        .execute();
      return;
    }
  }
  await trx
    .insertInto("post_revisions")
    .values({ id: randomUUID(), postId, ...values })
    .execute();
}

/** What a line of the revision list is made from (who saved it is named by people.server.ts). */
export type RevisionSummaryRow = Pick<
  PostRevisionRow,
  "id" | "kind" | "status" | "title" | "createdAt" | "savedBy"
>;

/** A post's revisions, newest first, without their content (at most REVISION_LIST_LIMIT). */
export function listRevisions(db: Db, postId: string): Promise<RevisionSummaryRow[]> {
  return db
    .selectFrom("post_revisions")
    .select(["id", "kind", "status", "title", "createdAt", "savedBy"])
    .where("postId", "=", postId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(REVISION_LIST_LIMIT)
    .execute();
}

/** One revision of the post, with every recorded field, or null. */
export async function getRevision(
  db: Db,
  postId: string,
  revisionId: string,
): Promise<PostRevisionRow | null> {
  if (!couldBeId(revisionId)) return null;
  const row = await db
    .selectFrom("post_revisions")
    .selectAll()
    .where("postId", "=", postId)
    .where("id", "=", revisionId)
    .executeTakeFirst();
  return row ?? null;
}
