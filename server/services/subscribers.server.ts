import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/db.server.ts";
import type { SubscriberRow } from "#server/db/tables.ts";
import { HttpError } from "#server/errors.ts";

/**
 * Adds an address to the mailing list. Already being on it is not an error: the row is kept
 * as it was, so the original subscription date survives.
 */
export async function subscribe(db: Db, email: string): Promise<void> {
  await db
    .insertInto("subscribers")
    .values({ id: randomUUID(), email, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
}

/** Removes an address from the mailing list if it is there; says nothing either way. */
export async function unsubscribe(db: Db, email: string): Promise<void> {
  await db.deleteFrom("subscribers").where("email", "=", email).execute();
}

/** Every subscriber, newest first; the id breaks ties so the order is stable. */
export function listSubscribers(db: Db): Promise<SubscriberRow[]> {
  return db
    .selectFrom("subscribers")
    .select(["subscribers.id", "subscribers.email", "subscribers.createdAt"])
    .orderBy("subscribers.createdAt", "desc")
    .orderBy("subscribers.id", "desc")
    .execute();
}

/** Removes one subscriber by id; throws 404 when there is none with that id. */
export async function deleteSubscriber(db: Db, id: string): Promise<void> {
  const notOnList = () => HttpError.notFound("That subscriber is not on the mailing list.");
  // PostgreSQL refuses NUL in a text parameter (an error rather than "no rows"); no id has one.
  if (id.includes("\0")) throw notOnList();
  const result = await db.deleteFrom("subscribers").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notOnList();
}
