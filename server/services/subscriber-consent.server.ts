import { randomUUID } from "node:crypto";
import type { ImportCandidate } from "#common/subscriber-import.ts";
import type { Db } from "#server/db/db.server.ts";
import { readConfirmationToken, readUnsubscribeToken } from "./subscriber-links.server.ts";

// Consent for the newsletter (docs/decisions/027-double-opt-in-and-unsubscribe.md): a pending
// address becomes active through its mailed link; asking again re-sends that link at most once
// per RESEND_AFTER_MS; an address never confirmed is purged after PURGE_PENDING_AFTER_MS.

/** A pending address gets at most one confirmation mail in this time. */
export const RESEND_AFTER_MS = 10 * 60 * 1000;
/** A pending address is deleted when it was not confirmed in this time. */
export const PURGE_PENDING_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Adds an address from the newsletter form. With double opt-in it is stored pending (and its
 * confirmation is mailed by the caller, claimConfirmation); without, active at once, and a
 * pending row of it becomes active. An address already active is kept as it was, and so is a
 * bounced one: only its confirmation link makes it active again, whatever the setting
 * (docs/decisions/036-bounces.md). The same statements run whatever the address's state, so how
 * long it takes says nothing about it.
 */
export async function requestSubscription(
  db: Db,
  email: string,
  { doubleOptIn, now = new Date() }: { doubleOptIn: boolean; now?: Date },
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("subscribers")
    .values({
      id: randomUUID(),
      email,
      createdAt: at,
      status: doubleOptIn ? "pending" : "active",
      confirmedAt: doubleOptIn ? null : at,
    })
    .onConflict((oc) =>
      doubleOptIn
        ? oc.column("email").doNothing()
        : oc
            .column("email")
            .doUpdateSet({ status: "active", confirmedAt: at })
            .where("subscribers.status", "=", "pending"),
    )
    .execute();
}

/** A pending subscriber whose confirmation mail this process may send now. */
export type ConfirmationClaim = { id: string; email: string; claimedAt: string };

/**
 * Takes the right to send the confirmation mail of a pending (or bounced) address: sets its
 * confirmationSentAt to now unless a mail went out less than RESEND_AFTER_MS ago, in one
 * UPDATE, so two requests (or two processes) never both send. Null when there is nothing to
 * send: the address is active, gone, or was mailed recently.
 */
export async function claimConfirmation(
  db: Db,
  email: string,
  now = new Date(),
): Promise<ConfirmationClaim | null> {
  const claimedAt = now.toISOString();
  const row = await db
    .updateTable("subscribers")
    .set({ confirmationSentAt: claimedAt })
    .where("email", "=", email)
    .where("status", "in", ["pending", "bounced"])
    .where((eb) =>
      eb.or([
        eb("confirmationSentAt", "is", null),
        eb("confirmationSentAt", "<=", new Date(now.getTime() - RESEND_AFTER_MS).toISOString()),
      ]),
    )
    .returning(["id", "email"])
    .executeTakeFirst();
  return row ? { ...row, claimedAt } : null;
}

/**
 * Gives a claim back after its mail could not be sent, so the next request (or the upkeep job)
 * may try again at once.
 */
export async function releaseConfirmation(db: Db, claim: ConfirmationClaim): Promise<void> {
  await db
    .updateTable("subscribers")
    .set({ confirmationSentAt: null })
    .where("id", "=", claim.id)
    .where("confirmationSentAt", "=", claim.claimedAt)
    .execute();
}

/** Pending addresses whose confirmation was never sent (an import, a failed or lost send). */
export async function listUnsentConfirmations(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("subscribers")
    .select("email")
    .where("status", "=", "pending")
    .where("confirmationSentAt", "is", null)
    .orderBy("createdAt")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.email);
}

/** What a confirmation link is, for its page. */
export type ConfirmationState =
  | { status: "pending" | "active"; email: string }
  | { status: "expired" | "invalid" };

/**
 * The state of the address a confirmation link names, without changing it; a bounced address
 * waits for its confirmation as a pending one does (the page says no more).
 */
export async function readConfirmationState(
  db: Db,
  { secret, token, now = new Date() }: { secret: string; token: string; now?: Date },
): Promise<ConfirmationState> {
  const read = readConfirmationToken(secret, token, now);
  if (read.status === "invalid") return { status: "invalid" };
  const row = await db
    .selectFrom("subscribers")
    .select(["email", "status"])
    .where("id", "=", read.subscriberId)
    .executeTakeFirst();
  if (!row) return { status: "invalid" };
  if (row.status === "active") return { status: "active", email: row.email };
  if (read.status === "expired") return { status: "expired" };
  return { status: "pending", email: row.email };
}

/**
 * Confirms the address a link names: pending (or bounced: the owner has just shown the address
 * works) becomes active (confirmedAt now, the bounce forgotten). Answers what the
 * link's page then says: "confirmed" (just now), "active" (it was already), "expired" or
 * "invalid" (not signed by this site, or its row is gone).
 */
export async function confirmSubscription(
  db: Db,
  { secret, token, now = new Date() }: { secret: string; token: string; now?: Date },
): Promise<"confirmed" | "active" | "expired" | "invalid"> {
  const read = readConfirmationToken(secret, token, now);
  if (read.status === "valid") {
    const result = await db
      .updateTable("subscribers")
      .set({
        status: "active",
        confirmedAt: now.toISOString(),
        bouncedAt: null,
        bounceReason: null,
      })
      .where("id", "=", read.subscriberId)
      .where("status", "in", ["pending", "bounced"])
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return "confirmed";
  }
  const state = await readConfirmationState(db, { secret, token, now });
  return state.status === "pending" ? "invalid" : state.status;
}

/**
 * Who an unsubscribe link names: still on the list (with the address); gone, meaning the
 * subscription the link was made for has ended (the address left, and may since have subscribed
 * again under a new row, which this link does not name); or no link this site signed.
 */
export type UnsubscribeState =
  | { status: "subscribed"; email: string }
  | { status: "gone" }
  | { status: "invalid" };

/** The state of the address an unsubscribe link names, without changing it. */
export async function readUnsubscribeState(
  db: Db,
  { secret, token }: { secret: string; token: string },
): Promise<UnsubscribeState> {
  const id = readUnsubscribeToken(secret, token);
  if (!id) return { status: "invalid" };
  const row = await db
    .selectFrom("subscribers")
    .select("email")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { status: "subscribed", email: row.email } : { status: "gone" };
}

/**
 * Takes the address an unsubscribe link names off the list (its row is deleted, as the form's
 * unsubscribe does). Answers "unsubscribed" when this call ended the subscription, "ended" when
 * it had ended before (the link's row is gone: the address left, and a later subscription of the
 * same address is a new row the link does not name, so it stays), "invalid" for a link this
 * site did not sign.
 */
export async function unsubscribeByLink(
  db: Db,
  { secret, token }: { secret: string; token: string },
): Promise<"unsubscribed" | "ended" | "invalid"> {
  const id = readUnsubscribeToken(secret, token);
  if (!id) return "invalid";
  const result = await db.deleteFrom("subscribers").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n ? "unsubscribed" : "ended";
}

/** Deletes pending addresses that joined more than PURGE_PENDING_AFTER_MS before `now`. */
export async function purgeUnconfirmed(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("subscribers")
    .where("status", "=", "pending")
    .where("createdAt", "<", new Date(now.getTime() - PURGE_PENDING_AFTER_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rows stored per INSERT of an import (well under both databases' parameter limits). */
const IMPORT_CHUNK = 500;

/**
 * Adds an import's addresses that are not on the list yet. With `consent`, they are active,
 * confirmed now, with the file's date (when it gives one) as their subscription date; without,
 * pending from now (so the 30 days to confirm start at the import), their confirmation to be
 * mailed. Answers the addresses added; the others were already on the list.
 */
export async function importSubscribers(
  db: Db,
  candidates: readonly ImportCandidate[],
  { consent, now = new Date() }: { consent: boolean; now?: Date },
): Promise<string[]> {
  const at = now.toISOString();
  const added: string[] = [];
  for (let i = 0; i < candidates.length; i += IMPORT_CHUNK) {
    const chunk = candidates.slice(i, i + IMPORT_CHUNK);
    const rows = await db
      .insertInto("subscribers")
      .values(
        chunk.map((candidate) => ({
          id: randomUUID(),
          email: candidate.email,
          createdAt: consent ? (candidate.subscribedAt ?? at) : at,
          status: consent ? ("active" as const) : ("pending" as const),
          confirmedAt: consent ? at : null,
        })),
      )
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("email")
      .execute();
    added.push(...rows.map((row) => row.email));
  }
  return added;
}
