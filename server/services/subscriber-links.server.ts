import { createHmac, timingSafeEqual } from "node:crypto";
import { confirmSubscriptionPath, unsubscribeLinkPath } from "#common/paths.ts";

// The links in mail to subscribers (docs/decisions/027-double-opt-in-and-unsubscribe.md). Each
// is signed with the session secret, so a forged or mistyped one is refused without a database
// lookup, and it names a subscriber row by id: a row that is gone (unsubscribed) or replaced
// (subscribed again) makes its old links void.
//
// - Confirmation: /subscribe/confirm/{id}.{expires}.{mac}, good for 7 days. It is single use in
//   effect: it turns a pending address active, and after that it only says so.
// - Unsubscribe: /unsubscribe/{id}.{mac}, with no end: a newsletter read a year later must still
//   unsubscribe its reader (RFC 8058 one-click POST, or the page's button).

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type Purpose = "confirm" | "unsubscribe";

function mac(secret: string, purpose: Purpose, payload: string): string {
  return createHmac("sha256", secret)
    .update(`subscriber-${purpose}:${payload}`)
    .digest("base64url")
    .slice(0, 32);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The confirmation link of a pending subscriber, good until `now` + 7 days. */
export function confirmationUrl(
  { siteUrl, secret }: { siteUrl: string; secret: string },
  subscriberId: string,
  now = new Date(),
): string {
  const expires = Math.floor((now.getTime() + CONFIRMATION_TTL_MS) / 1000).toString(36);
  const payload = `${subscriberId}.${expires}`;
  return `${siteUrl}${confirmSubscriptionPath(`${payload}.${mac(secret, "confirm", payload)}`)}`;
}

/** The unsubscribe link of a subscriber (the List-Unsubscribe header's and the footer's). */
export function unsubscribeUrl(
  { siteUrl, secret }: { siteUrl: string; secret: string },
  subscriberId: string,
): string {
  return `${siteUrl}${unsubscribeLinkPath(`${subscriberId}.${mac(secret, "unsubscribe", subscriberId)}`)}`;
}

export type ConfirmationToken =
  | { status: "valid"; subscriberId: string }
  | { status: "invalid" }
  | { status: "expired"; subscriberId: string };

/** What a confirmation token says, checked against its signature and the clock. */
export function readConfirmationToken(
  secret: string,
  token: string,
  now = new Date(),
): ConfirmationToken {
  const [subscriberId, expires, signature, extra] = token.split(".");
  if (!subscriberId || !expires || !signature || extra !== undefined) return { status: "invalid" };
  if (!sameText(signature, mac(secret, "confirm", `${subscriberId}.${expires}`))) {
    return { status: "invalid" };
  }
  const expiresAt = Number.parseInt(expires, 36) * 1000;
  if (!Number.isFinite(expiresAt) || expiresAt <= now.getTime()) {
    return { status: "expired", subscriberId };
  }
  return { status: "valid", subscriberId };
}

/** The subscriber an unsubscribe token names, or null when it is not one this site signed. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [subscriberId, signature, extra] = token.split(".");
  if (!subscriberId || !signature || extra !== undefined) return null;
  return sameText(signature, mac(secret, "unsubscribe", subscriberId)) ? subscriberId : null;
}
