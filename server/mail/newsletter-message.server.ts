import { randomBytes } from "node:crypto";
import { escapeMarkup } from "#common/format.ts";
import { absoluteImageUrl } from "#common/images.ts";
import { postUrl } from "#common/paths.ts";
import { absoluteMailUrl, mailSafeHtml } from "./newsletter-html.server.ts";

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

/** The full width of the mail's column, in pixels. */
const COLUMN_WIDTH = 600;

/**
 * The design, inlined by juice into each element's style attribute (mail clients drop or
 * ignore <style> more often than not). Dark text on a light background, one column.
 */
const STYLES = `
body{margin:0;padding:0;background-color:#f4f4f5;color:#18181b;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6}
table{border-collapse:collapse}
.outer{width:100%;background-color:#f4f4f5}
.outer-cell{padding:24px 12px}
.column{width:100%;max-width:${COLUMN_WIDTH}px;background-color:#ffffff;border-radius:8px}
.brand{padding:20px 24px;border-bottom:1px solid #e4e4e7;font-size:14px;color:#52525b}
.brand a{color:#18181b;font-weight:bold;font-size:18px;text-decoration:none}
.hero img{display:block;width:100%;max-width:${COLUMN_WIDTH}px;height:auto;border:0}
.body{padding:24px}
h1{margin:0 0 16px;font-size:26px;line-height:1.25;color:#18181b}
h2{margin:24px 0 12px;font-size:21px;line-height:1.3;color:#18181b}
h3,h4{margin:20px 0 8px;font-size:18px;line-height:1.3;color:#18181b}
p{margin:0 0 16px}
ul,ol{margin:0 0 16px;padding-left:24px}
li{margin:0 0 6px}
blockquote{margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid #d4d4d8;color:#3f3f46}
pre{margin:0 0 16px;padding:12px;background-color:#f4f4f5;white-space:pre-wrap;font-size:14px}
code{font-family:Consolas,Menlo,monospace;font-size:14px}
hr{border:0;border-top:1px solid #e4e4e7;margin:24px 0}
a{color:#15803d}
.body img{max-width:100%;height:auto;border:0}
.actions{padding:8px 0 0}
.button{display:inline-block;padding:12px 20px;background-color:#15803d;color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px}
.footer{padding:20px 24px;font-size:12px;line-height:1.5;color:#52525b;text-align:center}
.footer a{color:#52525b}
.preheader{display:none;max-height:0;overflow:hidden;opacity:0;color:#ffffff;font-size:1px}
@media (max-width:620px){.outer-cell{padding:0 !important}.column{border-radius:0 !important}.body{padding:20px 16px !important}}
`;

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
  const html = juice(
    [
      '<!doctype html><html lang="en"><head><meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${title}</title><style>${STYLES}</style></head><body>`,
      excerpt ? `<div class="preheader">${escapeMarkup(excerpt)}</div>` : "",
      '<table role="presentation" class="outer" width="100%" cellpadding="0" cellspacing="0">',
      '<tr><td class="outer-cell" align="center">',
      `<table role="presentation" class="column" width="${COLUMN_WIDTH}" cellpadding="0" cellspacing="0">`,
      `<tr><td class="brand"><a href="${escapeMarkup(siteUrl)}/">${company}</a>`,
      tagline ? `<br>${escapeMarkup(oneLine(tagline))}` : "",
      "</td></tr>",
      image
        ? `<tr><td class="hero"><img src="${escapeMarkup(image)}" alt="${escapeMarkup(oneLine(post.featuredImageAlt ?? ""))}" width="${COLUMN_WIDTH}"></td></tr>`
        : "",
      `<tr><td class="body"><h1>${title}</h1>`,
      mailSafeHtml(post.content, siteUrl),
      '<p class="actions">',
      `<a class="button" href="${readUrl}">Read on the site</a>`,
      "</p>",
      marketplaceUrl
        ? `<p><a href="${escapeMarkup(marketplaceUrl)}">See it on the Marketplace</a></p>`
        : "",
      "</td></tr></table>",
      `<table role="presentation" class="column-footer" width="${COLUMN_WIDTH}" cellpadding="0" cellspacing="0">`,
      `<tr><td class="footer">You get this e-mail because you subscribed to the newsletter of ${company}.<br>`,
      `<a href="${slot}">Unsubscribe</a> with one click.<br>${company}</td></tr>`,
      "</table></td></tr></table></body></html>",
    ].join(""),
    { preserveMediaQueries: true, applyWidthAttributes: false, applyHeightAttributes: false },
  );
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
