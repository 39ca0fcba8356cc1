import { POST_LIMITS } from "#common/schemas/post.ts";

// A post's slug made from its title (docs/product/content-model.md#slugs): the editor shows it as
// the title is typed, and the server makes the same one unique with a counter when it is taken.

/**
 * The first `length` characters of `base`, ending neither on a hyphen nor starting on a lone
 * accent (a cut can fall between a letter and its combining mark).
 */
function cutSlug(base: string, length: number): string {
  return Array.from(base)
    .slice(0, length)
    .join("")
    .replace(/-+$/, "")
    .replace(/^\p{M}+/u, "");
}

/**
 * The slug made from a title: lower case, every run of characters that are not letters or
 * digits (of any script, as the schema's slug rule allows) becomes one hyphen, hyphens at either
 * end go, and it is cut to the slug's length limit. A title with no letters or digits gives "",
 * so the form asks for a slug.
 */
export function slugFromTitle(title: string): string {
  const base = title
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return cutSlug(base, POST_LIMITS.slug);
}

/**
 * The `number`th slug to try for `base` when it is taken: 1 is `base` itself, then `base-2`,
 * `base-3`, and so on. The base is cut so the counter always fits the length limit.
 */
export function numberedSlug(base: string, number: number): string {
  if (number <= 1) return base;
  const counter = `-${number}`;
  const cut = cutSlug(base, POST_LIMITS.slug - counter.length);
  // A base cut to nothing (only accents) keeps just the number, still a valid slug.
  return cut === "" ? String(number) : `${cut}${counter}`;
}
