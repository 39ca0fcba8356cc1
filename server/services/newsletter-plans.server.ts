import { randomUUID } from "node:crypto";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { insertSending } from "./newsletter-sendings.server.ts";
import { getDisplayName } from "./people.server.ts";
import { type NewsletterSite, postNewsletter } from "./post-newsletter.server.ts";
import { readPost } from "./post-writes.server.ts";

// A newsletter planned for a post's publication (docs/decisions/038-newsletter-with-the-post.md):
// the post carries the plan (newsletterOnPublish), and once the post is published the publishing
// sweep hands the plan over to a sending, in one transaction that clears the plan and writes the
// sending. The hand-off is idempotent: a crash before its commit leaves the plan for the next
// sweep, after it leaves no plan; a post that is not published is never handed over.

/** How many planned newsletters one sweep hands over at most (the rest wait for the next). */
export const HAND_OFF_BATCH = 20;

/**
 * Starts the sending of every published post whose newsletter waits for its publication, and
 * answers how many it started. A post whose newsletter cannot be built keeps its plan (logged),
 * and the others go on.
 */
export async function handOverPlannedNewsletters(
  db: Db,
  site: NewsletterSite,
  now = new Date(),
): Promise<number> {
  const planned = await db
    .selectFrom("posts")
    .select("id")
    .where("newsletterOnPublish", "=", true)
    .where("status", "=", "published")
    .orderBy("id")
    .limit(HAND_OFF_BATCH)
    .execute();
  let started = 0;
  for (const { id } of planned) {
    try {
      if (await handOver(db, site, id, now)) started += 1;
    } catch (error) {
      logger.error({ err: error, postId: id }, "The newsletter planned for a post was not started");
    }
  }
  return started;
}

/**
 * Hands one post's plan over, in one transaction: the UPDATE that clears the plan of a published
 * post is the claim (of two processes, one clears it, the other changes no row), then the
 * sending is written from the post as it is now. False when the plan was no longer there.
 */
async function handOver(db: Db, site: NewsletterSite, postId: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("posts")
      .set({ newsletterOnPublish: false })
      .where("id", "=", postId)
      .where("newsletterOnPublish", "=", true)
      .where("status", "=", "published")
      .returning("newsletterRequestedBy")
      .executeTakeFirst();
    if (!claimed) return false;
    const createdById = claimed.newsletterRequestedBy;
    await trx
      .updateTable("posts")
      .set({ newsletterRequestedBy: null })
      .where("id", "=", postId)
      .execute();
    const post = await readPost(trx, postId);
    await insertSending(trx, {
      id: randomUUID(),
      post,
      content: await postNewsletter(trx, site, post),
      createdBy: await getDisplayName(trx, createdById),
      createdById,
      at: now.toISOString(),
    });
    return true;
  });
}
