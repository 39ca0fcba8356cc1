import { POST_LIMITS } from "#common/schemas/post.ts";

/**
 * Digits of the current time added to each generated slug (docs/product/content-model.md#slugs).
 */
export const SLUG_SUFFIX_DIGITS = 6;

/**
 * The slug the editor makes from a title (docs/product/content-model.md#slugs): lower case, every
 * run of characters that are not letters or digits (of any script, as the schema's slug rule
 * allows) becomes one hyphen, hyphens at either end go, then a hyphen and the last 6 digits of the
 * current time. A title with no letters or digits gives "", so the form asks for a slug.
 */
export function slugFromTitle(title: string, now: number = Date.now()): string {
  const suffix = String(Math.trunc(now))
    .slice(-SLUG_SUFFIX_DIGITS)
    .padStart(SLUG_SUFFIX_DIGITS, "0");
  const maxBase = POST_LIMITS.slug - suffix.length - 1;
  const base = title
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  if (base === "") return "";
  // A cut at the length limit may end on a hyphen or between a letter and its accent.
  const cut = Array.from(base)
    .slice(0, maxBase)
    .join("")
    .replace(/-+$/, "")
    .replace(/^\p{M}+/u, "");
  return `${cut}-${suffix}`;
}
