/**
 * The public addresses of the site, built here and nowhere else: by the pages, the dashboard,
 * the sitemap, the feed and the mail (docs/product/public-site.md#screens). A `…Path` is the
 * address on the site, as people read it; a `…Url` is the whole address on the site's origin, for
 * what leaves the site (feeds, share links, mail).
 */

/** A post's public page: `/blog/{slug}` (docs/product/public-site.md#post-detail). */
export function postPath(slug: string): string {
  return `/blog/${slug}`;
}

/**
 * A portfolio item's post page as the studio page links it: `/post/{slug}`, the same page as
 * `/blog/{slug}` (docs/product/public-site.md#post-detail).
 */
export function studioPostPath(slug: string): string {
  return `/post/${slug}`;
}

/** Whether a path is a post page: /blog/{slug} or /post/{slug}. */
export function isPostPath(pathname: string): boolean {
  return /^\/(blog|post)\/[^/]+\/?$/.test(pathname);
}

/**
 * A post's one public address on the site's origin, used for the canonical link, share
 * previews, the share buttons, the sitemap, the feed and the newsletter: the slug encoded,
 * whether the page was opened as /blog or /post.
 */
export function postUrl(siteUrl: string, slug: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/blog/${encodeURIComponent(slug)}`;
}

/** The news page listing the articles that carry `tag` (docs/product/public-site.md#news). */
export function newsTagPath(tag: string): string {
  return `/news?${new URLSearchParams({ tag })}`;
}

/** An app on the Apps & Tools page: `/apps#{slug}` (docs/product/public-site.md#apps). */
export function appPath(slug: string): string {
  return `/apps#${slug}`;
}

/** The unsubscribe form, where anyone unsubscribes by typing an address. */
export const UNSUBSCRIBE_PATH = "/unsubscribe";

/**
 * The newsletter form's page: the form posts here when it is sent without JavaScript, and the
 * answer is a page (docs/product/mail.md#newsletter-form).
 */
export const SUBSCRIBE_PATH = "/subscribe";

/**
 * A subscriber's own unsubscribe link: `/unsubscribe/{token}` (docs/product/mail.md#unsubscribe).
 */
export function unsubscribeLinkPath(token: string): string {
  return `${UNSUBSCRIBE_PATH}/${encodeURIComponent(token)}`;
}

/** A pending subscriber's confirmation link: `/subscribe/confirm/{token}`. */
export function confirmSubscriptionPath(token: string): string {
  return `/subscribe/confirm/${encodeURIComponent(token)}`;
}

/** The page a password reset link opens: `/reset-password/{token}`. */
export function resetPasswordPath(token: string): string {
  return `/reset-password/${encodeURIComponent(token)}`;
}

/** An invitation link, where a new employee chooses a password: `/invite/{token}`. */
export function invitationPath(token: string): string {
  return `/invite/${encodeURIComponent(token)}`;
}

/**
 * A post's preview link, which shows it as its page will look to whoever holds it:
 * `/preview/{token}` (docs/product/public-site.md#preview-link).
 */
export function previewLinkPath(token: string): string {
  return `/preview/${encodeURIComponent(token)}`;
}

/**
 * The links whose last segment is a credential: whoever holds one can reset a password, join
 * the staff, confirm or end a subscription, or read a post before it is public. Only the
 * recipient may see that segment, so the Outbox hides what follows these
 * (docs/product/mail.md#outbox) and the request log leaves it out. A new link of that kind is
 * added here. Each is its builder's address without a token.
 */
export const CREDENTIAL_LINK_PREFIXES: readonly string[] = [
  resetPasswordPath(""),
  invitationPath(""),
  confirmSubscriptionPath(""),
  unsubscribeLinkPath(""),
  previewLinkPath(""),
];

/** CREDENTIAL_LINK_PREFIXES as the alternatives of a regular expression, each escaped. */
export const CREDENTIAL_LINK_PREFIX_PATTERN = CREDENTIAL_LINK_PREFIXES.map((prefix) =>
  prefix.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"),
).join("|");

/** What the Outbox shows in place of a credential link's last segment. */
export const HIDDEN_CREDENTIAL = "[hidden]";
