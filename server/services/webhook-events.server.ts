import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { isPubliclyVisible } from "#common/content-rules.ts";
import type { WebhookEventType } from "#common/schemas/webhooks.ts";
import type { WebhookEventData, WebhookPostData } from "#common/webhook-payloads.ts";
import type { Db } from "#server/db/db.server.ts";
import { parseStringList } from "#server/db/json-list.ts";
import type { PostRow } from "#server/db/tables.ts";
import { POST_COLUMNS } from "./post-rows.server.ts";

// Webhook events (docs/decisions/037-webhooks.md): what happened, written in the transaction of
// the change itself with a delivery row per enabled endpoint that takes it, so a change that
// commits has its deliveries and one that rolls back has none.

const MARKETPLACE = "marketplace-content";

/** How far back the launch sweep looks for marketplace items that went live. */
export const LAUNCH_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A post's snapshot for an event. */
export function postData(post: PostRow): WebhookPostData {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    featuredImage: post.featuredImage,
    category: post.category,
    packType: post.packType,
    publishedAt: post.publishedAt ?? post.scheduledAt,
  };
}

/** The enabled endpoints that take any of `types`. */
async function takersOf(db: Db, types: readonly WebhookEventType[]): Promise<string[]> {
  const endpoints = await db
    .selectFrom("webhook_endpoints")
    .select(["id", "events"])
    .where("enabled", "=", true)
    .execute();
  return endpoints
    .filter((endpoint) =>
      parseStringList(endpoint.events).some((type) => types.includes(type as WebhookEventType)),
    )
    .map((endpoint) => endpoint.id);
}

/** Whether any enabled endpoint takes one of `types` (else nothing need be recorded). */
export async function hasWebhookTakers(
  db: Db,
  types: readonly WebhookEventType[],
): Promise<boolean> {
  return (await takersOf(db, types)).length > 0;
}

/**
 * Records an event and queues a delivery of it to every enabled endpoint that takes its type,
 * inside the caller's transaction; an event no endpoint takes is not recorded. With `dedupeKey`,
 * an event already recorded under that key is not recorded again. Answers whether it was.
 */
export async function queueWebhookEvent(
  trx: Db,
  {
    type,
    data,
    dedupeKey = null,
    now = new Date(),
  }: { type: WebhookEventType; data: WebhookEventData; dedupeKey?: string | null; now?: Date },
): Promise<boolean> {
  const takers = await takersOf(trx, [type]);
  if (takers.length === 0) return false;
  const id = `evt_${randomUUID().replaceAll("-", "")}`;
  const at = now.toISOString();
  const inserted = await trx
    .insertInto("webhook_events")
    .values({ id, type, data: JSON.stringify(data), dedupeKey, createdAt: at })
    .onConflict((conflict) => conflict.column("dedupeKey").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await trx
    .insertInto("webhook_deliveries")
    .values(
      takers.map((endpointId) => ({
        id: `msg_${randomUUID().replaceAll("-", "")}`,
        eventId: id,
        endpointId,
        nextAttemptAt: at,
        createdAt: at,
      })),
    )
    .execute();
  return true;
}

/** Whether a marketplace item is live: public, and its release date (if any) has come. */
function isLaunched(post: PostRow, now: Date): boolean {
  if (post.category !== MARKETPLACE || !isPubliclyVisible(post, now)) return false;
  return post.releaseDate === null || Date.parse(post.releaseDate) <= now.getTime();
}

/**
 * The events of a post's save or status change, inside its transaction: `post.published` when it
 * becomes published, `post.updated` when a published post is saved as published, and
 * `marketplace.launched` (once per item) when a marketplace item is live after it.
 */
export async function queuePostEvents(
  trx: Db,
  { before, after, now = new Date() }: { before: PostRow | null; after: PostRow; now?: Date },
): Promise<void> {
  if (after.status === "published") {
    const type = before?.status === "published" ? "post.updated" : "post.published";
    await queueWebhookEvent(trx, { type, data: { post: postData(after) }, now });
  }
  if (isLaunched(after, now)) await queueLaunch(trx, after, now);
}

function queueLaunch(trx: Db, post: PostRow, now: Date) {
  return queueWebhookEvent(trx, {
    type: "marketplace.launched",
    data: { post: postData(post) },
    dedupeKey: `marketplace.launched:${post.id}`,
    now,
  });
}

/**
 * The launches no save marks: marketplace items whose release date came while they were public,
 * within the last day (so a site that starts using webhooks is not flooded with old items), while an
 * endpoint takes launches.
 * Answers how many were recorded. Run by the scheduled-publishing sweep.
 */
export async function queueDueLaunches(db: Db, now = new Date()): Promise<number> {
  if (!(await hasWebhookTakers(db, ["marketplace.launched"]))) return 0;
  const since = new Date(now.getTime() - LAUNCH_WINDOW_MS).toISOString();
  const at = now.toISOString();
  const candidates = await db
    .selectFrom("posts")
    .select(POST_COLUMNS)
    .where("category", "=", MARKETPLACE)
    .where("releaseDate", ">", since)
    .where("releaseDate", "<=", at)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("webhook_events")
            .select("webhook_events.id")
            .where(
              "webhook_events.dedupeKey",
              "=",
              sql<string>`${"marketplace.launched:"} || ${sql.ref("posts.id")}`,
            ),
        ),
      ),
    )
    .execute();
  let recorded = 0;
  for (const post of candidates) {
    if (!isLaunched(post, now)) continue;
    if (await db.transaction().execute((trx) => queueLaunch(trx, post, now))) recorded += 1;
  }
  return recorded;
}
