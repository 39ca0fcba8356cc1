import type { ExpressionBuilder } from "kysely";
import type { SubscriberSort } from "#common/staff-lists.ts";
import type { SubscriberCounts } from "#common/types/subscriber.ts";
import type { Db } from "#server/db/db.server.ts";
import type { Database, SubscriberRow, SubscriberStatus } from "#server/db/tables.ts";
import { containsText, textOrderKey } from "#server/db/text-order.ts";
import { HttpError } from "#server/errors.ts";

/** Removes an address from the mailing list if it is there; says nothing either way. */
export async function unsubscribe(db: Db, email: string): Promise<void> {
  await db.deleteFrom("subscribers").where("email", "=", email).execute();
}

const SUBSCRIBER_COLUMNS = [
  "subscribers.id",
  "subscribers.email",
  "subscribers.createdAt",
  "subscribers.status",
  "subscribers.confirmedAt",
  "subscribers.confirmationSentAt",
  "subscribers.bouncedAt",
  "subscribers.bounceReason",
] as const;

/**
 * Every subscriber (or those in one state), newest first; the id breaks ties so the order is
 * stable.
 */
export function listSubscribers(
  db: Db,
  { status }: { status?: SubscriberStatus } = {},
): Promise<SubscriberRow[]> {
  let query = db.selectFrom("subscribers").select(SUBSCRIBER_COLUMNS);
  if (status) query = query.where("subscribers.status", "=", status);
  return query.orderBy("subscribers.createdAt", "desc").orderBy("subscribers.id", "desc").execute();
}

/** Removes one subscriber by id; throws 404 when there is none with that id. */
export async function deleteSubscriber(db: Db, id: string): Promise<void> {
  const notOnList = () => HttpError.notFound("That subscriber is not on the mailing list.");
  // PostgreSQL refuses NUL in a text parameter (an error rather than "no rows"); no id has one.
  if (id.includes("\0")) throw notOnList();
  const result = await db.deleteFrom("subscribers").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notOnList();
}

/** What the Mailing List asks for: one page of the list, in an order, maybe searched. */
export type SubscriberPageRequest = {
  page: number;
  pageSize: number;
  sort: SubscriberSort;
  /** Kept when the address contains it, ignoring case; "" keeps every subscriber. */
  term: string;
  /** Only subscribers in this state; undefined keeps both. */
  status?: SubscriberStatus;
};

/**
 * One page of the mailing list and how many subscribers the search keeps, both asked of the
 * database (the indexes of migration 0012 serve each order); ties go by id.
 */
export async function pageSubscribers(
  db: Db,
  { page, pageSize, sort, term, status }: SubscriberPageRequest,
): Promise<{ rows: SubscriberRow[]; total: number }> {
  const matches = (eb: ExpressionBuilder<Database, "subscribers">) =>
    eb.and([
      ...(term === "" ? [] : [containsText(db, "subscribers.email", term)]),
      ...(status ? [eb("subscribers.status", "=", status)] : []),
    ]);
  const direction = sort.startsWith("-") ? "desc" : "asc";
  let rows = db.selectFrom("subscribers").select(SUBSCRIBER_COLUMNS).where(matches);
  rows =
    sort === "email" || sort === "-email"
      ? rows.orderBy(textOrderKey(db, "subscribers.email"), direction)
      : rows.orderBy("subscribers.createdAt", direction).orderBy("subscribers.id", direction);
  const [items, count] = await Promise.all([
    rows
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("subscribers")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where(matches)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: items, total: Number(count.count) };
}

/**
 * The Mailing List's counters, of Active subscribers only (pending ones have not agreed yet):
 * everyone active on the list; those who joined at or after `monthStart`
 * (the start of the calendar month where the dashboard is open, which only the browser knows);
 * those who joined in the 7 × 24 hours before `now`. Counted by the database, in the index on
 * the subscription time.
 */
export async function countSubscribers(
  db: Db,
  { monthStart, now }: { monthStart: Date; now: Date },
): Promise<SubscriberCounts> {
  const countSince = async (since: Date | null) => {
    let query = db
      .selectFrom("subscribers")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("subscribers.status", "=", "active");
    if (since) query = query.where("subscribers.createdAt", ">=", since.toISOString());
    return Number((await query.executeTakeFirstOrThrow()).count);
  };
  const [total, thisMonth, thisWeek] = await Promise.all([
    countSince(null),
    countSince(monthStart),
    countSince(new Date(now.getTime() - WEEK_MS)),
  ]);
  return { total, thisMonth, thisWeek };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
