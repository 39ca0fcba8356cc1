// Tags as posts store them, for the pages, the dashboard and the server. Without the schema
// library: the public news page reads a tag from its address with these, and must not bring zod
// into the browser (common/schemas/tag.ts has the schemas).

/**
 * The most characters a tag has, after trimming. A character is a Unicode code point, everywhere
 * a tag is checked (saving a post, the Tags section's calls, `/news?tag=`, the staff list's tag
 * filter, the dashboard's inputs): "😀" is one, as PostgreSQL's length() counts it, not the two
 * UTF-16 units of JavaScript's `.length`. Check a tag with `fitsTagLength`, never `.length`.
 */
export const MAX_TAG_LENGTH = 50;

/**
 * The `maxLength` of a text input for one tag. A browser counts UTF-16 units there, and a tag
 * within MAX_TAG_LENGTH code points may take twice as many (emoji and other astral characters);
 * the schemas then apply the real rule.
 */
export const MAX_TAG_INPUT_UNITS = MAX_TAG_LENGTH * 2;

/** A tag's length under the one rule: its code points. */
export function tagLength(tag: string): number {
  let count = 0;
  for (const _ of tag) count += 1;
  return count;
}

/** Whether a tag is at most MAX_TAG_LENGTH code points long. */
export function fitsTagLength(tag: string): boolean {
  // No astral character doubles more than every unit: a short string needs no counting.
  return tag.length <= MAX_TAG_LENGTH || tagLength(tag) <= MAX_TAG_LENGTH;
}

/**
 * A tag as posts store it: without the `#` the pages put in front (typed by hand it would show
 * twice) and without surrounding spaces. Empty when nothing is left.
 */
export function normalizeTag(tag: string): string {
  return tag.trim().replace(/^#+/, "").trim();
}
