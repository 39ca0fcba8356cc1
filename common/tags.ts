// Tags as posts store them, for the pages, the dashboard and the server. Without the schema
// library: the public news page reads a tag from its address with these, and must not bring zod
// into the browser (common/schemas/tag.ts has the schemas).

/** The most characters a tag has, after trimming (the post form's rule, common/schemas/post.ts). */
export const MAX_TAG_LENGTH = 50;

/**
 * A tag as posts store it: without the `#` the pages put in front (typed by hand it would show
 * twice) and without surrounding spaces. Empty when nothing is left.
 */
export function normalizeTag(tag: string): string {
  return tag.trim().replace(/^#+/, "").trim();
}
