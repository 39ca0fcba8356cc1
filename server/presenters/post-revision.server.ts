import type { RevisionKind } from "#common/constants.ts";
import type {
  PostRevision,
  PostRevisionSummary,
  WorkingCopy,
} from "#common/types/post-revision.ts";
import { parseStringList } from "#server/db/json-list.ts";
import { seoFieldsOfRow } from "#server/db/post-seo.ts";
import type { PostRevisionRow, PostWorkingCopyRow } from "#server/db/tables.ts";

/** Display names by user id (services/people.server.ts): who saved what is named from it. */
type Names = ReadonlyMap<string, string>;

/** What a line of the revision list is made from. */
type RevisionSummaryRow = Pick<
  PostRevisionRow,
  "id" | "kind" | "status" | "title" | "createdAt" | "savedBy"
>;

/** A working copy with its values read. */
type WorkingCopyRecord = Pick<PostWorkingCopyRow, "baseVersion" | "savedAt" | "savedBy"> & {
  values: WorkingCopy["values"];
};

/** A person's name from `names`, or null when nobody is known (or their login is gone). */
function nameIn(names: Names, userId: string | null): string | null {
  return userId === null ? null : (names.get(userId) ?? null);
}

/** A line of a post's revision list: no content. */
export function presentRevisionSummary(row: RevisionSummaryRow, names: Names): PostRevisionSummary {
  return {
    id: row.id,
    kind: row.kind as RevisionKind,
    status: row.status,
    title: row.title,
    savedAt: row.createdAt,
    savedBy: nameIn(names, row.savedBy),
  };
}

/** One revision with every recorded field. */
export function presentRevision(row: PostRevisionRow, names: Names): PostRevision {
  return {
    ...presentRevisionSummary(row, names),
    postId: row.postId,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featuredImage: row.featuredImage,
    featuredImageAlt: row.featuredImageAlt,
    tags: parseStringList(row.tags),
    authorId: row.authorId,
    ...seoFieldsOfRow(row),
  };
}

/** A post's working copy, or null when it has none. */
export function presentWorkingCopy(
  record: WorkingCopyRecord | null,
  names: Names,
): WorkingCopy | null {
  if (!record) return null;
  return {
    values: record.values,
    baseVersion: record.baseVersion,
    savedAt: record.savedAt,
    savedBy: nameIn(names, record.savedBy),
  };
}
