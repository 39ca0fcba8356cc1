import type { RevisionKind } from "#common/constants.ts";
import { displayName } from "#common/format.ts";
import type {
  PostRevision,
  PostRevisionSummary,
  WorkingCopy,
} from "#common/types/post-revision.ts";
import { parseStringList } from "#server/db/json-list.ts";
import type { PostRevisionRow, PostWorkingCopyRow } from "#server/db/tables.ts";

/** Who saved a revision or a working copy, as the queries join it from the users. */
type Saver = { saverName: string | null; saverEmail: string | null };

type RevisionWithSaver = PostRevisionRow & Saver;

/** What a line of the revision list is made from. */
type RevisionSummaryRow = Pick<
  RevisionWithSaver,
  "id" | "kind" | "status" | "title" | "createdAt" | "saverName" | "saverEmail"
>;

/** A working copy with its values read, and who saved it. */
type WorkingCopyRecord = Pick<PostWorkingCopyRow, "baseVersion" | "savedAt"> &
  Saver & { values: WorkingCopy["values"] };

/** A line of a post's revision list: no content. */
export function presentRevisionSummary(row: RevisionSummaryRow): PostRevisionSummary {
  return {
    id: row.id,
    kind: row.kind as RevisionKind,
    status: row.status,
    title: row.title,
    savedAt: row.createdAt,
    savedBy: displayName({ name: row.saverName, email: row.saverEmail }),
  };
}

/** One revision with every recorded field. */
export function presentRevision(row: RevisionWithSaver): PostRevision {
  return {
    ...presentRevisionSummary(row),
    postId: row.postId,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featuredImage: row.featuredImage,
    featuredImageAlt: row.featuredImageAlt,
    tags: parseStringList(row.tags),
    authorId: row.authorId,
  };
}

/** A post's working copy, or null when it has none. */
export function presentWorkingCopy(record: WorkingCopyRecord | null): WorkingCopy | null {
  if (!record) return null;
  return {
    values: record.values,
    baseVersion: record.baseVersion,
    savedAt: record.savedAt,
    savedBy: displayName({ name: record.saverName, email: record.saverEmail }),
  };
}
