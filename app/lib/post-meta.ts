import type { MetaDescriptor } from "react-router";
import { type PostSeoSource, postTitle, resolvePostSeo } from "#common/post-seo.ts";

/** What the post page's head needs to know about a post. */
export type PostMetaPost = PostSeoSource & {
  category: string;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  tags: string[];
  /** The author's display name (the byline); null for a post without an author. */
  author?: string | null;
};

export type PostMetaInput = {
  post: PostMetaPost;
  /**
   * The description of a post without a meta description: the excerpt, or the start of the text
   * when there is none.
   */
  description: string;
  /** The public origin (SITE_URL), without a trailing slash. */
  siteUrl: string;
  companyName: string;
  /** The site's default social image (a setting), for a post without an image of its own. */
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

function seoOf({ post, description, siteUrl, companyName, defaultImage }: PostMetaInput) {
  return resolvePostSeo(post, {
    siteUrl,
    companyName,
    defaultImage,
    fallbackDescription: description,
  });
}

/**
 * schema.org Article data for search engines (rendered as JSON-LD), saying what the head says:
 * the meta title (else the title) as headline, the meta description, the post's own image and
 * its canonical address.
 */
export function buildArticleJsonLd(input: PostMetaInput) {
  const { post, siteUrl, companyName } = input;
  const seo = seoOf(input);
  const organization = { "@type": "Organization", name: companyName, url: siteUrl };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.metaTitle?.trim() || post.title,
    description: seo.description,
    ...(seo.postImage ? { image: [seo.postImage] } : {}),
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt,
    // The byline's person; the studio itself when the post has no author.
    author: post.author ? { "@type": "Person", name: post.author } : organization,
    publisher: organization,
    mainEntityOfPage: { "@type": "WebPage", "@id": seo.canonicalUrl },
    url: seo.canonicalUrl,
    ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
  };
}

/**
 * The head of a post page (docs/product/public-site.md#post-detail): title, description, canonical
 * link, Open Graph and Twitter card tags (absolute URLs), robots for a post kept out of search
 * engines, and Article JSON-LD. Each comes from the post's search and social settings, else
 * their defaults (resolvePostSeo).
 */
export function buildPostMeta(input: PostMetaInput): MetaDescriptor[] {
  const { post, companyName } = input;
  const seo = seoOf(input);
  const meta: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonicalUrl },
  ];
  if (seo.noIndex) meta.push({ name: "robots", content: "noindex" });
  meta.push(
    { property: "og:type", content: "article" },
    { property: "og:title", content: seo.socialTitle },
    { property: "og:description", content: seo.socialDescription },
    { property: "og:url", content: seo.canonicalUrl },
    { property: "og:site_name", content: companyName },
  );
  if (seo.image) {
    meta.push(
      { property: "og:image", content: seo.image },
      { property: "og:image:alt", content: seo.imageAlt },
    );
  }
  meta.push({ property: "article:published_time", content: post.publishedAt ?? post.createdAt });
  meta.push({ property: "article:modified_time", content: post.updatedAt });
  for (const tag of post.tags) meta.push({ property: "article:tag", content: tag });
  meta.push(
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: seo.socialTitle },
    { name: "twitter:description", content: seo.socialDescription },
  );
  if (seo.image) {
    meta.push(
      { name: "twitter:image", content: seo.image },
      { name: "twitter:image:alt", content: seo.imageAlt },
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
