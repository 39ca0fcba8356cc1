import type { MetaDescriptor } from "react-router";
import { absoluteImageUrl } from "#common/images.ts";
import { postUrl } from "#common/paths.ts";

/** What the post page's head needs to know about a post. */
export type PostMetaPost = {
  title: string;
  slug: string;
  excerpt: string | null;
  category: string;
  featuredImage: string | null;
  featuredImageAlt: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  tags: string[];
  /** The author's display name (the byline); null for a post without an author. */
  author?: string | null;
};

export type PostMetaInput = {
  post: PostMetaPost;
  /** The meta description: the excerpt, or the start of the text when there is none. */
  description: string;
  /** The public origin (SITE_URL), without a trailing slash. */
  siteUrl: string;
  companyName: string;
  /** The site's default social image (a setting), for a post without a featured image. */
  defaultImage?: string;
};

/** Longest meta description; search engines cut longer ones anyway. */
export const META_DESCRIPTION_LENGTH = 160;

/** Text cut to `max` characters at a word boundary, with an ellipsis when it was cut. */
export function summarize(text: string, max = META_DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

/** The page title of a post. */
export function postTitle(title: string, companyName: string): string {
  return companyName ? `${title} | ${companyName}` : title;
}

/** schema.org Article data for search engines (rendered as JSON-LD). */
export function buildArticleJsonLd({ post, description, siteUrl, companyName }: PostMetaInput) {
  const url = postUrl(siteUrl, post.slug);
  const image = absoluteImageUrl(post.featuredImage, siteUrl);
  const organization = { "@type": "Organization", name: companyName, url: siteUrl };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description,
    ...(image ? { image: [image] } : {}),
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt,
    // The byline's person; the studio itself when the post has no author.
    author: post.author ? { "@type": "Person", name: post.author } : organization,
    publisher: organization,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
  };
}

/**
 * The head of a post page: title, description, canonical link, Open Graph and Twitter card
 * tags (absolute URLs), and Article JSON-LD.
 */
export function buildPostMeta(input: PostMetaInput): MetaDescriptor[] {
  const { post, description, siteUrl, companyName, defaultImage } = input;
  const url = postUrl(siteUrl, post.slug);
  const ownImage = absoluteImageUrl(post.featuredImage, siteUrl);
  const image = ownImage ?? absoluteImageUrl(defaultImage, siteUrl);
  // The default image shows the studio, not the post.
  const imageAlt = ownImage ? post.featuredImageAlt || post.title : companyName;
  const meta: MetaDescriptor[] = [
    { title: postTitle(post.title, companyName) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: companyName },
  ];
  if (image) {
    meta.push(
      { property: "og:image", content: image },
      { property: "og:image:alt", content: imageAlt },
    );
  }
  meta.push({ property: "article:published_time", content: post.publishedAt ?? post.createdAt });
  meta.push({ property: "article:modified_time", content: post.updatedAt });
  for (const tag of post.tags) meta.push({ property: "article:tag", content: tag });
  meta.push(
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: description },
  );
  if (image) {
    meta.push(
      { name: "twitter:image", content: image },
      { name: "twitter:image:alt", content: imageAlt },
    );
  }
  meta.push({ "script:ld+json": buildArticleJsonLd(input) });
  return meta;
}

/** The head of the "Post Not Found" page: a title, and no indexing. */
export function buildPostNotFoundMeta(companyName: string): MetaDescriptor[] {
  return [
    { title: postTitle("Post Not Found", companyName) },
    { name: "robots", content: "noindex" },
  ];
}
