import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Db } from "#server/db/db.server.ts";
import type { MailEvent, MailgunSignature } from "./mail-event-notices.server.ts";

// What the mail provider's notices do to the list (docs/decisions/036-bounces.md), and how a
// notice proves it comes from the provider.

/** Same length, compared in constant time: the two values hashed first. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Whether the Authorization header presents `secret`: `Bearer <secret>`, or HTTP basic auth
 * whose password is it (any user name: a provider that only takes a URL puts it there as
 * `https://events:<secret>@…`). Schemes in any case.
 */
export function presentsSecret(header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const bearer = /^bearer +(\S+)$/i.exec(header)?.[1];
  if (bearer !== undefined) return sameSecret(bearer, secret);
  const basic = /^basic +([A-Za-z0-9+/=]+)$/i.exec(header)?.[1];
  if (basic === undefined) return false;
  const decoded = Buffer.from(basic, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon >= 0 && sameSecret(decoded.slice(colon + 1), secret);
}

/** How far a Mailgun signature's time may be from now. */
export const MAILGUN_SIGNATURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Mailgun's webhook signature: HMAC-SHA-256 of timestamp + token with the signing key, in hex,
 * and a timestamp within MAILGUN_SIGNATURE_WINDOW_MS of now (an old notice is not replayed).
 */
export function mailgunSigned(
  { timestamp, token, signature }: MailgunSignature,
  key: string,
  now = Date.now(),
): boolean {
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds) || Math.abs(now - seconds * 1000) > MAILGUN_SIGNATURE_WINDOW_MS) {
    return false;
  }
  const expected = createHmac("sha256", key).update(`${timestamp}${token}`).digest("hex");
  return sameSecret(signature.toLowerCase(), expected);
}

/**
 * Applies the events: a hard bounce marks the address Bounced (an active or pending one; the
 * first bounce's reason is kept); a complaint unsubscribes it (the row is deleted, as any
 * unsubscribe) and keeps the complaint. Addresses not on the list are passed over without a
 * word. Copies of a sending still pending for them are skipped at their turn.
 */
export async function applyMailEvents(
  db: Db,
  events: readonly MailEvent[],
  now = new Date(),
): Promise<void> {
  if (events.length === 0) return;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    for (const event of events) {
      const reason = event.reason?.replaceAll("\0", "").slice(0, 1000) || null;
      if (event.type === "bounce") {
        await trx
          .updateTable("subscribers")
          .set({ status: "bounced", bouncedAt: at, bounceReason: reason ?? "Hard bounce" })
          .where("email", "=", event.email)
          .where("status", "in", ["active", "pending"])
          .execute();
        continue;
      }
      const gone = await trx
        .deleteFrom("subscribers")
        .where("email", "=", event.email)
        .returning("email")
        .execute();
      if (gone.length > 0) {
        await trx
          .insertInto("subscriber_complaints")
          .values({ id: randomUUID(), email: event.email, reason, receivedAt: at })
          .execute();
      }
    }
  });
}
