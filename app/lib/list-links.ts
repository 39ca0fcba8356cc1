import type { MetaDescriptor } from "react-router";

/** The addresses a paged list names in the page head (docs/product/public-site.md#paged-lists). */
export type ListLinks = { canonical: string; prev: string | null; next: string | null };

/** The root route's match: it carries the site's public origin. */
type RootMatch = { loaderData?: { siteUrl?: string } | undefined } | undefined;

/**
 * `<link rel="canonical">`, and `rel="prev"` / `rel="next"` where there is such a page, as
 * absolute addresses on the site's origin.
 */
export function listLinkTags(
  matches: readonly [RootMatch, ...unknown[]],
  links: ListLinks | undefined,
): MetaDescriptor[] {
  if (!links) return [];
  const origin = matches[0]?.loaderData?.siteUrl ?? "";
  const tags: MetaDescriptor[] = [
    { tagName: "link", rel: "canonical", href: `${origin}${links.canonical}` },
  ];
  if (links.prev !== null)
    tags.push({ tagName: "link", rel: "prev", href: `${origin}${links.prev}` });
  if (links.next !== null)
    tags.push({ tagName: "link", rel: "next", href: `${origin}${links.next}` });
  return tags;
}
