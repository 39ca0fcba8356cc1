import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#server/db/db.server.ts";
import { dbKindOf } from "#server/db/dialect.server.ts";
import type { DeliveryStatus, NewsletterSendingRow, PostRow } from "#server/db/tables.ts";
import { HttpError } from "#server/errors.ts";
import { getDisplayName, getDisplayNames } from "./people.server.ts";

// Newsletter sendings as the staff calls see them (docs/decisions/028-newsletter-sending.md):
// starting one (the sending and one delivery per active subscriber, in one transaction), the
// list, one sending with its latest failures, and what the preview needs. Handing the copies over
// is the sending worker's (server/jobs/newsletter-worker.server.ts).

/** The e-mail as built once for a sending (server/mail/newsletter-message.server.ts). */
export type BuiltNewsletter = { subject: string; html: string; text: string };

/** What became of a sending's deliveries so far. */
export type DeliveryCounts = Record<DeliveryStatus, number>;

/**
 * A sending row without its built e-mail, and its counts. `createdBy` is the sender's display
 * name now; the name kept with the sending only when their login is gone.
 */
export type SendingSummary = Omit<NewsletterSendingRow, "html" | "text"> & {
  counts: DeliveryCounts;
  /** null when the post has been deleted since. */
  postExists: boolean;
  /** When the soonest copy waiting for a retry (refused for now) is tried again; null: none. */
  nextRetryAt: string | null;
};

export type SendingFailure = {
  email: string;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
};

/** How many failures a sending's detail lists: the latest ones. */
export const LISTED_FAILURES = 100;

export const NOT_PUBLISHED_MESSAGE =
  "Only a published post can be sent as a newsletter. Publish it first, then send it.";
export const SENDING_NOT_FOUND_MESSAGE = "That newsletter sending does not exist.";

const SUMMARY_COLUMNS = [
  "newsletter_sendings.id",
  "newsletter_sendings.postId",
  "newsletter_sendings.postTitle",
  "newsletter_sendings.subject",
  "newsletter_sendings.status",
  "newsletter_sendings.total",
  "newsletter_sendings.createdBy",
  "newsletter_sendings.createdById",
  "newsletter_sendings.createdAt",
  "newsletter_sendings.finishedAt",
] as const;

/** The words of the 409 for a post already sent: when, in UTC. */
export function alreadySentMessage(sentAt: string): string {
  const when = new Date(sentAt).toISOString().slice(0, 16).replace("T", " at ");
  return `This post was already e-mailed to subscribers on ${when} UTC. To send it again, choose to resend it.`;
}

/**
 * A subject on one line: each run of line breaks (which would start a header of the title's
 * author's choosing) becomes one space. The mailer refuses any that remain.
 */
export function oneLineSubject(subject: string): string {
  return subject.replace(/[\r\n\u2028\u2029\u0085]+/g, " ").trim();
}

/** When the post was last sent as a newsletter, or null. */
export async function lastSentAt(db: Db, postId: string): Promise<string | null> {
  const row = await db
    .selectFrom("newsletter_sendings")
    .select("createdAt")
    .where("postId", "=", postId)
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.createdAt).toISOString() : null;
}

/** Active subscribers now: who a sending started now would reach. */
export async function countActiveSubscribers(db: Db): Promise<number> {
  const row = await db
    .selectFrom("subscribers")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type StartSendingRequest = {
  post: PostRow;
  content: BuiltNewsletter;
  /** The user id of the staff member who starts it; null in tests that need nobody. */
  createdById: string | null;
  /** Send a post that was sent before once more. */
  resend: boolean;
  now?: Date;
};

/**
 * Starts a sending of a published post: the sending row and one pending delivery per subscriber
 * active at this moment, in one transaction (one INSERT … SELECT, however long the list). 400
 * when the post is not published; 409 when it was sent before and `resend` is not set. A
 * newsletter planned for the post's publication is called off in the same transaction: this is
 * it, sent by hand.
 */
export async function startSending(
  db: Db,
  { post, content, createdById, resend, now = new Date() }: StartSendingRequest,
): Promise<SendingSummary> {
  if (post.status !== "published") throw HttpError.badRequest(NOT_PUBLISHED_MESSAGE);
  // Kept for when their login is gone; while it exists, the list names them afresh.
  const createdBy = await getDisplayName(db, createdById);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    if (dbKindOf(db) === "postgres") {
      // Two "Send" clicks at once: the second waits here, then sees the first one's sending.
      await trx.selectFrom("posts").select("id").where("id", "=", post.id).forUpdate().execute();
    }
    const previous = await lastSentAt(trx, post.id);
    if (previous && !resend) {
      throw HttpError.conflict(alreadySentMessage(previous), { lastSentAt: previous });
    }
    await trx
      .updateTable("posts")
      .set({ newsletterOnPublish: false, newsletterRequestedBy: null })
      .where("id", "=", post.id)
      .where("newsletterOnPublish", "=", true)
      .execute();
    await insertSending(trx, { id, post, content, createdBy, createdById, at: now.toISOString() });
  });
  const started = await getSending(db, id);
  if (!started) throw new Error(`The sending ${id} just started is not there.`);
  return started;
}

export type NewSending = {
  id: string;
  post: Pick<PostRow, "id" | "title">;
  content: BuiltNewsletter;
  /** The sender's display name, kept for when their login is gone. */
  createdBy: string | null;
  createdById: string | null;
  at: string;
};

/**
 * Writes a sending inside the caller's transaction: its row, and one pending delivery per
 * subscriber active now (one INSERT … SELECT); a list without any is finished at once.
 */
export async function insertSending(trx: Db, sending: NewSending): Promise<void> {
  const { id, post, content, createdBy, createdById, at } = sending;
  await trx
    .insertInto("newsletter_sendings")
    .values({
      id,
      postId: post.id,
      postTitle: post.title,
      subject: oneLineSubject(content.subject),
      html: content.html,
      text: content.text,
      status: "sending",
      total: 0,
      createdBy,
      createdById,
      createdAt: at,
      finishedAt: null,
    })
    .execute();
  const inserted = await trx
    .insertInto("newsletter_deliveries")
    .columns(["id", "sendingId", "subscriberId", "email", "status", "attempts", "nextAttemptAt"])
    .expression((eb) =>
      eb
        .selectFrom("subscribers")
        .select([
          sql<string>`${id} || '.' || subscribers.id`.as("id"),
          sql<string>`${id}`.as("sendingId"),
          "subscribers.id",
          "subscribers.email",
          sql<string>`'pending'`.as("status"),
          sql<number>`0`.as("attempts"),
          sql<string>`${at}`.as("nextAttemptAt"),
        ])
        .where("subscribers.status", "=", "active"),
    )
    .executeTakeFirst();
  const total = Number(inserted.numInsertedOrUpdatedRows ?? 0);
  await trx
    .updateTable("newsletter_sendings")
    .set(total === 0 ? { total, status: "finished", finishedAt: at } : { total, status: "sending" })
    .where("id", "=", id)
    .execute();
}

/** One sending with its counts, or null. */
export async function getSending(db: Db, id: string): Promise<SendingSummary | null> {
  if (id.length > 100 || id.includes("\0")) return null;
  const [summary] = await summaries(db, (query) => query.where("newsletter_sendings.id", "=", id));
  return summary ?? null;
}

/** One page of the sendings, newest first, and how many there are. */
export async function pageSendings(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: SendingSummary[]; total: number }> {
  const rows = await summaries(db, (query) =>
    query
      .orderBy("newsletter_sendings.createdAt", "desc")
      .orderBy("newsletter_sendings.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  );
  const count = await db
    .selectFrom("newsletter_sendings")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
}

type SummaryQuery = ReturnType<typeof summaryQuery>;

function summaryQuery(db: Db) {
  return db
    .selectFrom("newsletter_sendings")
    .leftJoin("posts", "posts.id", "newsletter_sendings.postId")
    .select([...SUMMARY_COLUMNS, "posts.id as existingPostId"]);
}

async function summaries(
  db: Db,
  refine: (query: SummaryQuery) => SummaryQuery,
): Promise<SendingSummary[]> {
  const rows = await refine(summaryQuery(db)).execute();
  if (rows.length === 0) return [];
  const counts = await countDeliveries(
    db,
    rows.map((row) => row.id),
  );
  const names = await getDisplayNames(
    db,
    rows.map((row) => row.createdById),
  );
  const retries = await nextRetries(
    db,
    rows.map((row) => row.id),
  );
  return rows.map(({ existingPostId, ...row }) => ({
    ...row,
    createdBy: (row.createdById === null ? undefined : names.get(row.createdById)) ?? row.createdBy,
    postExists: existingPostId !== null,
    counts: counts.get(row.id) ?? emptyCounts(),
    nextRetryAt: retries.get(row.id) ?? null,
  }));
}

/**
 * Each sending's soonest retry: the earliest due time of its pending copies that were refused
 * for now before (attempts above 0), read in the progress index.
 */
async function nextRetries(db: Db, sendingIds: string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("newsletter_deliveries")
    .select(["sendingId", (eb) => eb.fn.min("nextAttemptAt").as("nextAt")])
    .where("sendingId", "in", sendingIds)
    .where("status", "=", "pending")
    .where("attempts", ">", 0)
    .groupBy("sendingId")
    .execute();
  return new Map(rows.map((row) => [row.sendingId, new Date(row.nextAt).toISOString()]));
}

function emptyCounts(): DeliveryCounts {
  return { pending: 0, sent: 0, failed: 0, skipped: 0 };
}

/** Each sending's deliveries counted by status (the progress index serves it). */
export async function countDeliveries(
  db: Db,
  sendingIds: string[],
): Promise<Map<string, DeliveryCounts>> {
  const rows = await db
    .selectFrom("newsletter_deliveries")
    .select(["sendingId", "status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("sendingId", "in", sendingIds)
    .groupBy(["sendingId", "status"])
    .execute();
  const counts = new Map<string, DeliveryCounts>();
  for (const row of rows) {
    const entry = counts.get(row.sendingId) ?? emptyCounts();
    entry[row.status] = Number(row.count);
    counts.set(row.sendingId, entry);
  }
  return counts;
}

/** A sending's latest failures (at most LISTED_FAILURES), the latest first. */
export async function latestFailures(db: Db, sendingId: string): Promise<SendingFailure[]> {
  const rows = await db
    .selectFrom("newsletter_deliveries")
    .select(["email", "attempts", "lastError", "lastAttemptAt"])
    .where("sendingId", "=", sendingId)
    .where("status", "=", "failed")
    .orderBy("lastAttemptAt", "desc")
    .orderBy("id", "desc")
    .limit(LISTED_FAILURES)
    .execute();
  return rows;
}
