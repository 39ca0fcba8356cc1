import { convert } from "html-to-text";
import juice from "juice";
import { escapeMarkup } from "#common/format.ts";
import { absoluteImageUrl } from "#common/images.ts";

/**
 * Where a subscriber's own unsubscribe link goes in a built newsletter. The message is built
 * (and its styles inlined) once per sending; each delivery only replaces this.
 */
export const UNSUBSCRIBE_PLACEHOLDER = "%%UNSUBSCRIBE_URL%%";

/** What a newsletter is built from: the post as stored, and the site's name and address. */
export type NewsletterSource = {
  post: {
    title: string;
    slug: string;
    excerpt: string | null;
    /** The post's stored (already sanitized) HTML. */
    content: string;
    featuredImage: string | null;
    featuredImageAlt: string | null;
  };
  companyName: string;
  siteUrl: string;
};

/** A built newsletter: HTML and text with UNSUBSCRIBE_PLACEHOLDER where each link goes. */
export type NewsletterContent = { subject: string; html: string; text: string };

/** The e-mail of a post, with styles inlined so mail clients show it as designed. */
export function buildNewsletter({
  post,
  companyName,
  siteUrl,
}: NewsletterSource): NewsletterContent {
  const postUrl = `${siteUrl}/blog/${encodeURIComponent(post.slug)}`;
  const image = absoluteImageUrl(post.featuredImage, siteUrl);
  const html = juice(
    [
      '<!doctype html><html><head><meta charset="utf-8">',
      `<title>${escapeMarkup(post.title)}</title>`,
      "<style>body{margin:0;background:#f4f4f5;font-family:Arial,sans-serif;color:#18181b}",
      ".wrap{max-width:600px;margin:0 auto;background:#ffffff;padding:24px}",
      "h1{font-size:24px;margin:0 0 16px}img{max-width:100%;height:auto}",
      "a{color:#15803d}.footer{font-size:12px;color:#52525b;margin-top:32px}</style>",
      '</head><body><div class="wrap">',
      `<h1>${escapeMarkup(post.title)}</h1>`,
      image
        ? `<p><img src="${escapeMarkup(image)}" alt="${escapeMarkup(post.featuredImageAlt ?? "")}" width="552"></p>`
        : "",
      absoluteLinks(post.content, siteUrl),
      `<p><a href="${escapeMarkup(postUrl)}">Read on the site</a></p>`,
      `<p class="footer">You get this e-mail because you subscribed to ${escapeMarkup(companyName)}'s newsletter. `,
      `<a href="${UNSUBSCRIBE_PLACEHOLDER}">Unsubscribe</a></p>`,
      "</div></body></html>",
    ].join(""),
  );
  const text = `${convert(html, { selectors: [{ selector: "img", format: "skip" }] })}\n`;
  return { subject: post.title, html, text };
}

/** The built newsletter with one subscriber's unsubscribe link in it. */
export function personalize(content: NewsletterContent, unsubscribeUrl: string): NewsletterContent {
  return {
    subject: content.subject,
    html: content.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeMarkup(unsubscribeUrl)),
    text: content.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}

/** Site-relative href and src values made absolute: a mail client has no site to resolve them. */
function absoluteLinks(html: string, siteUrl: string): string {
  return html.replace(/\s(href|src)="\/(?!\/)/g, (_match, name: string) => ` ${name}="${siteUrl}/`);
}
