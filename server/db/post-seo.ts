import type { PostSeoFields } from "#common/schemas/post-seo.ts";

/** The settings as a row holds them: noIndex is 0 or 1 on SQLite. */
type SeoColumns = Omit<PostSeoFields, "noIndex"> & { noIndex: boolean | number };

/**
 * The search and social settings of a post, a revision or a revision's content, as the API sends
 * them and as they are written.
 */
export function seoFieldsOfRow(row: SeoColumns): PostSeoFields {
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
