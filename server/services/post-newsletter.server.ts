import { renderEmbedsAsLinks } from "#common/editor/embed-render.ts";
import { UNSUBSCRIBE_PATH } from "#common/paths.ts";
import type { SiteSettings } from "#common/schemas/site-settings.ts";
import type { NewsletterTestSent } from "#common/types/newsletter-test.ts";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { HttpError } from "#server/errors.ts";
import { MailError, type Mailer } from "#server/mail/mailer.server.ts";
import {
  buildNewsletter,
  markAsTest,
  type NewsletterContent,
  type NewsletterSource,
  personalize,
} from "#server/mail/newsletter-message.server.ts";
import { findEmbeddedItems } from "./post-embeds.server.ts";
import { currentSiteSettings } from "./site-settings.server.ts";

// A post's newsletter (docs/product/mail.md#newsletters): the e-mail built from the post and the
// current site settings, the same for the sending, its preview and a staff member's test copy.

/** What a newsletter is built with besides the post: the site's address and first-start settings. */
export type NewsletterSite = { siteUrl: string; siteDefaults: SiteSettings };

/** The e-mail of a post as built for its subscribers, from the current site settings. */
export async function postNewsletter(
  db: Db,
  site: NewsletterSite,
  post: NewsletterSource["post"],
): Promise<NewsletterContent> {
  const [{ companyName, tagline }, items] = await Promise.all([
    currentSiteSettings(db, site.siteDefaults),
    findEmbeddedItems(db, [post.content], new Date()),
  ]);
  // Marketplace item cards become links with the items' titles as they are when the e-mail is
  // built (docs/decisions/041-embed-cards.md).
  const content = renderEmbedsAsLinks(post.content, items);
  return buildNewsletter({
    post: { ...post, content },
    companyName,
    tagline,
    siteUrl: site.siteUrl,
  });
}

/**
 * The e-mail as someone who is no subscriber sees it (the preview, a test copy): the unsubscribe
 * form's page stands in for each subscriber's own link.
 */
export async function sampleNewsletter(
  db: Db,
  site: NewsletterSite,
  post: NewsletterSource["post"],
): Promise<NewsletterContent> {
  return personalize(await postNewsletter(db, site, post), `${site.siteUrl}${UNSUBSCRIBE_PATH}`);
}

/**
 * Sends the post's newsletter, marked as a test, to `to` at once. A mail server that does not
 * take it is a 502 saying whether trying again later may work.
 */
export async function sendNewsletterTest(
  db: Db,
  { site, mailer }: { site: NewsletterSite; mailer: Mailer },
  post: NewsletterSource["post"] & { id: string },
  to: string,
): Promise<NewsletterTestSent> {
  // Built as the sending builds it, so the test shows what subscribers would get.
  const message = markAsTest(await sampleNewsletter(db, site, post));
  try {
    await mailer.send({ to, ...message });
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    logger.warn({ err: error, postId: post.id }, "The newsletter test e-mail was not sent");
    throw HttpError.badGateway(
      error.temporary
        ? "The mail server could not take the test e-mail just now. Please try again in a few minutes."
        : `The mail server refused the test e-mail: ${error.message}`,
    );
  }
  return { sentTo: to, outbox: mailer.kind === "outbox" };
}
