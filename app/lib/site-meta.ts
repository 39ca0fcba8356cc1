import type { MetaDescriptor } from "react-router";
import { absoluteImageUrl } from "#common/images.ts";

/**
 * The root route's match, first in every page's `matches`: it carries the site settings (the
 * company's name, the default social image) and the public origin.
 */
type RootMetaMatch =
  | {
      loaderData?:
        | { site: { companyName: string; defaultSocialImage?: string }; siteUrl?: string }
        | undefined;
    }
  | undefined;

export type SiteMetaPage = {
  /** The page's name, for the title "{title} | {company}"; or the whole title, from the name. */
  title: string | ((company: string) => string);
  description?: (company: string) => string;
  /** Pages for staff and for one visitor (sign-in, invitation, unsubscribe) stay out of search. */
  noindex?: boolean;
};

/** The name pages use before the root data is known. */
const FALLBACK_COMPANY = "Studio";

/**
 * A page's title, description and robots tags, in that order, with the company's name; then,
 * for a page search engines may show, the site's default social image as its share picture.
 */
export function siteMeta(
  matches: readonly [RootMetaMatch, ...unknown[]],
  page: SiteMetaPage,
): MetaDescriptor[] {
  const company = matches[0]?.loaderData?.site.companyName ?? FALLBACK_COMPANY;
  const title =
    typeof page.title === "function" ? page.title(company) : `${page.title} | ${company}`;
  const tags: MetaDescriptor[] = [{ title }];
  if (page.description) tags.push({ name: "description", content: page.description(company) });
  if (page.noindex) {
    tags.push({ name: "robots", content: "noindex" });
    return tags;
  }
  const root = matches[0]?.loaderData;
  const image = absoluteImageUrl(root?.site.defaultSocialImage, root?.siteUrl ?? "");
  if (image) {
    tags.push(
      { property: "og:image", content: image },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:image", content: image },
    );
  }
  return tags;
}
