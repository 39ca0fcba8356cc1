import { absoluteImageUrl } from "#common/images.ts";
import { postUrl } from "#common/paths.ts";

// What a post says of itself to search engines and share cards (docs/product/editor.md#seo-and-social):
// each setting the post has, else its default from the post. The public page's head, its JSON-LD,
// the RSS feed and the editor's previews all read it from here, so they agree.

/** The fields the settings and their defaults are made of ("" or null: not set). */
export type PostSeoSource = {
  title: string;
  slug: string;
  excerpt: string | null;
  featuredImage: string | null;
  featuredImageAlt: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  socialImage: string | null;
  socialTitle: string | null;
  socialDescription: string | null;
  canonicalUrl: string | null;
  noIndex: boolean;
};

export type PostSeoContext = {
  /** The public origin (SITE_URL), without a trailing slash. */
  siteUrl: string;
  companyName: string;
  /** The site's default social image (a setting), for a post with neither image. */
  defaultImage?: string | null | undefined;
  /** The description of a post with neither a meta description nor an excerpt (its text's start). */
  fallbackDescription?: string;
};

export type PostSeo = {
  /** The page's <title>: the meta title, else "{title} | {company}". */
  title: string;
  /** The meta description: set, else the excerpt, else the start of the text. */
  description: string;
  /** The share card's title: set, else the meta title, else the post's title. */
  socialTitle: string;
  /** The share card's text: set, else the meta description (as above). */
  socialDescription: string;
  /** The share card's image (absolute): set, else the featured image, else the site's default. */
  image: string | null;
  imageAlt: string;
  /** The post's own picture (absolute): the social image, else the featured image; no default. */
  postImage: string | null;
  /** The address search engines should credit: set, else the post's own public URL. */
  canonicalUrl: string;
  noIndex: boolean;
};

/** The page title of a post without a meta title of its own. */
export function postTitle(title: string, companyName: string): string {
  return companyName ? `${title} | ${companyName}` : title;
}

/** A post's search and social texts, images and addresses, defaults filled in. */
export function resolvePostSeo(post: PostSeoSource, context: PostSeoContext): PostSeo {
  const { siteUrl, companyName, defaultImage, fallbackDescription = "" } = context;
  const metaTitle = post.metaTitle?.trim() || "";
  const description =
    post.metaDescription?.trim() || post.excerpt?.trim() || fallbackDescription.trim();
  const socialTitle = post.socialTitle?.trim() || metaTitle || post.title;
  const social = absoluteImageUrl(post.socialImage, siteUrl);
  const featured = absoluteImageUrl(post.featuredImage, siteUrl);
  const postImage = social ?? featured;
  const image = postImage ?? absoluteImageUrl(defaultImage, siteUrl);
  // The default image shows the studio, not the post.
  let imageAlt = companyName;
  if (social) imageAlt = socialTitle;
  else if (featured) imageAlt = post.featuredImageAlt || post.title;
  return {
    title: metaTitle || postTitle(post.title, companyName),
    description,
    socialTitle,
    socialDescription: post.socialDescription?.trim() || description,
    image,
    imageAlt,
    postImage,
    canonicalUrl: post.canonicalUrl?.trim() || postUrl(siteUrl, post.slug),
    noIndex: post.noIndex,
  };
}
