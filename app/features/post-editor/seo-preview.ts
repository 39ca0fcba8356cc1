import { summarize } from "#app/lib/post-meta.ts";
import { htmlToPlainText } from "#common/content-rules.ts";
import { imageSrc } from "#common/images.ts";
import { postUrl } from "#common/paths.ts";
import { type PostSeo, postTitle, resolvePostSeo } from "#common/post-seo.ts";
import { SEO_SHOWN_LENGTHS } from "#common/schemas/post-seo.ts";
import type { PostEditorValues } from "./post-form.ts";

/** What the SEO and social section needs of the site: where it lives and what it is called. */
export type SeoSite = {
  siteUrl: string;
  companyName: string;
  /** The site's default social image (a setting), "" for none. */
  defaultImage: string;
};

/** The search result and share card the form's values make, cut where each is cut. */
export type SeoPreview = {
  search: { title: string; url: string; description: string };
  card: { image: string | null; title: string; description: string; host: string };
  /** What each empty field stands for (the fields' placeholders). */
  defaults: {
    metaTitle: string;
    metaDescription: string;
    socialTitle: string;
    socialDescription: string;
    canonicalUrl: string;
  };
};

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The previews of the editor's SEO and social section (docs/product/editor.md#seo-and-social):
 * the public page's own rules (resolvePostSeo) applied to what the form holds, each text cut at
 * the length search engines and share cards show (SEO_SHOWN_LENGTHS).
 */
export function seoPreviewOf(values: PostEditorValues, site: SeoSite): SeoPreview {
  const fallbackDescription = summarize(htmlToPlainText(values.content));
  const seo: PostSeo = resolvePostSeo(
    { ...values, excerpt: values.excerpt || null, featuredImage: values.featuredImage || null },
    { ...site, fallbackDescription },
  );
  // Shown as stored: an upload by its /uploads/ address, whatever SITE_URL says.
  const image =
    imageSrc(values.socialImage) ??
    imageSrc(values.featuredImage) ??
    imageSrc(site.defaultImage) ??
    null;
  const ownDescription = values.excerpt.trim() || fallbackDescription;
  return {
    search: {
      title: summarize(seo.title, SEO_SHOWN_LENGTHS.metaTitle),
      url: seo.canonicalUrl,
      description: summarize(seo.description, SEO_SHOWN_LENGTHS.metaDescription),
    },
    card: {
      image,
      title: summarize(seo.socialTitle, SEO_SHOWN_LENGTHS.socialTitle),
      description: summarize(seo.socialDescription, SEO_SHOWN_LENGTHS.socialDescription),
      host: hostOf(seo.canonicalUrl),
    },
    defaults: {
      metaTitle: postTitle(values.title, site.companyName),
      metaDescription: ownDescription,
      socialTitle: values.metaTitle.trim() || values.title,
      socialDescription: values.metaDescription.trim() || ownDescription,
      canonicalUrl: postUrl(site.siteUrl, values.slug),
    },
  };
}
