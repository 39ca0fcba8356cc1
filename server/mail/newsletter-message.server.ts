import { randomBytes } from "node:crypto";
import { escapeMarkup } from "#common/format.ts";
import { absoluteImageUrl } from "#common/images.ts";
import { postUrl } from "#common/paths.ts";
import { absoluteMailUrl, mailSafeHtml } from "./newsletter-html.server.ts";
import { COLUMN_WIDTH, newsletterDocument } from "./newsletter-layout.server.ts";

/**
 * Where a subscriber's own unsubscribe link goes in a built newsletter. The message is built
 * (and its styles inlined) once per sending; each delivery only replaces this. It stands only
 * where the template puts the link: written anywhere else (a post's text, a link, an image's
 * address, the title), it is escaped by buildNewsletter and reaches readers as written.
 */
export const UNSUBSCRIBE_PLACEHOLDER = "%%UNSUBSCRIBE_URL%%";

/** The first `%` of each UNSUBSCRIBE_PLACEHOLDER, overlapping ones included. */
const PLACEHOLDER_START = /%(?=%UNSUBSCRIBE_URL%%)/g;

/**
 * The built HTML and text with no UNSUBSCRIBE_PLACEHOLDER left: in the HTML its first `%` becomes
 * the character reference `&#37;` (shown and followed as `%`), in the text it is followed by a
 * zero-width space. Either reads as before but is no longer the placeholder.
 */
function escapePlaceholder(content: { html: string; text: string }) {
  let { html, text } = content;
  while (html.includes(UNSUBSCRIBE_PLACEHOLDER)) html = html.replace(PLACEHOLDER_START, "&#37;");
  while (text.includes(UNSUBSCRIBE_PLACEHOLDER)) text = text.replace(PLACEHOLDER_START, "%\u200b");
  return { html, text };
}

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
    /** A marketplace item's page: a "See it on the Marketplace" link when set. */
    marketplaceUrl?: string | null;
  };
  companyName: string;
  siteUrl: string;
  /** The site's tagline, shown under the company's name at the top. */
  tagline?: string | null;
};

/** A built newsletter: HTML and text with UNSUBSCRIBE_PLACEHOLDER where each link goes. */
export type NewsletterContent = { subject: string; html: string; text: string };

/** The e-mail of a post, with styles inlined so mail clients show it as designed. */
export async function buildNewsletter({
  post,
  companyName,
  siteUrl,
  tagline,
}: NewsletterSource): Promise<NewsletterContent> {
  // juice (styles inlined) and html-to-text (the text part) are imported here, not with the
  // module: a server that sends no newsletter never holds them (about 8 MB of memory at rest).
  const [{ default: juice }, { convert }] = await Promise.all([
    import("juice"),
    import("html-to-text"),
  ]);
  const subject = oneLine(post.title) || `News from ${oneLine(companyName)}`;
  const title = escapeMarkup(subject);
  const company = escapeMarkup(oneLine(companyName));
  const readUrl = escapeMarkup(postUrl(siteUrl, post.slug));
  const image = absoluteImageUrl(post.featuredImage, siteUrl);
  const marketplaceUrl = post.marketplaceUrl ? absoluteMailUrl(post.marketplaceUrl, siteUrl) : null;
  const excerpt = oneLine(post.excerpt ?? "");
  // The template's own link is written as a slot nobody can know in advance; once the rest (the
  // author's words among it) has been escaped, the slot becomes the placeholder. So each reader's
  // link goes only where the template puts it, never where content names the placeholder.
  const slot = `unsubscribe-slot-${randomBytes(12).toString("hex")}`;
  const document = newsletterDocument({
    title,
    excerpt: excerpt ? escapeMarkup(excerpt) : "",
    brand: `<a href="${escapeMarkup(siteUrl)}/">${company}</a>${tagline ? `<br>${escapeMarkup(oneLine(tagline))}` : ""}`,
    hero: image
      ? `<img src="${escapeMarkup(image)}" alt="${escapeMarkup(oneLine(post.featuredImageAlt ?? ""))}" width="${COLUMN_WIDTH}">`
      : "",
    body: [
      `<h1>${title}</h1>`,
      mailSafeHtml(post.content, siteUrl),
      `<p class="actions"><a class="button" href="${readUrl}">Read on the site</a></p>`,
      marketplaceUrl
        ? `<p><a href="${escapeMarkup(marketplaceUrl)}">See it on the Marketplace</a></p>`
        : "",
    ].join(""),
    footer: `You get this e-mail because you subscribed to the newsletter of ${company}.<br><a href="${slot}">Unsubscribe</a> with one click.<br>${company}`,
  });
  const html = juice(document, {
    preserveMediaQueries: true,
    applyWidthAttributes: false,
    applyHeightAttributes: false,
  });
  const escaped = escapePlaceholder({ html, text: textPart(convert, html) });
  return {
    subject,
    html: escaped.html.replaceAll(slot, UNSUBSCRIBE_PLACEHOLDER),
    text: escaped.text.replaceAll(slot, UNSUBSCRIBE_PLACEHOLDER),
  };
}

/** The built newsletter with one subscriber's unsubscribe link in it. */
export function personalize(content: NewsletterContent, unsubscribeUrl: string): NewsletterContent {
  return {
    subject: content.subject,
    html: content.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeMarkup(unsubscribeUrl)),
    text: content.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}

/**
 * A text as one header-safe line: every run of white space (line breaks of any kind included)
 * becomes one space, and control characters go. A subject must never span lines: the mailer
 * refuses such a message rather than let its author add headers.
 */
export function oneLine(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, "")
      .replace(/[\s\u0085]+/g, " ")
      .trim()
  );
}

/** The plain-text part: headings and paragraphs as text, each link's address after its words. */
function textPart(convert: typeof import("html-to-text").convert, html: string): string {
  const text = convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: ".preheader", format: "skip" },
      { selector: "a.video-picture", format: "skip" },
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
      { selector: "h4", options: { uppercase: false } },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
  return `${text.trim()}\n`;
}

/** What a test copy says first, above the newsletter itself. */
export const TEST_BANNER =
  "This is a test of the newsletter, sent only to you. Subscribers have not received it.";

/** A built newsletter marked as a test: "[Test]" before the subject and a banner on top. */
export function markAsTest(content: NewsletterContent): NewsletterContent {
  const banner = `<div style="padding:12px 16px;background-color:#fef3c7;color:#78350f;font-family:Arial,Helvetica,sans-serif;font-size:14px;text-align:center">${TEST_BANNER}</div>`;
  return {
    subject: `[Test] ${content.subject}`,
    html: content.html.replace(/<body\b[^>]*>/, (body) => `${body}${banner}`),
    text: `${TEST_BANNER}\n\n${content.text}`,
  };
}
