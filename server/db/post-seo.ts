import type { PostSeoFields } from "#common/schemas/post-seo.ts";
import type { PostRevisionRow, PostRow } from "./tables.ts";

/** A post's (or a revision's) search and social settings as the API sends them. */
export function seoFieldsOfRow(row: PostRow | PostRevisionRow): PostSeoFields {
  return {
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    socialImage: row.socialImage,
    socialTitle: row.socialTitle,
    socialDescription: row.socialDescription,
    canonicalUrl: row.canonicalUrl,
    // 0/1 on SQLite.
    noIndex: Boolean(row.noIndex),
  };
}
