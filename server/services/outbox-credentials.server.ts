import libmime from "libmime";
import { CREDENTIAL_LINK_PREFIX_PATTERN, HIDDEN_CREDENTIAL } from "#common/paths.ts";

// The Outbox shows admins what the site mailed, but a reset, invitation, confirmation or
// unsubscribe link grants something to whoever holds it: only its recipient may see it
// (docs/decisions/030-account-mail.md). Every text of a message that leaves the server through
// the Outbox passes through hideCredentialLinks; the .eml file itself keeps the link.

/**
 * A credential link's prefix (any origin, any case, as the router matches paths) and what follows
 * it up to the first character no link in a message carries: white space, a quote, an angle
 * bracket, a parenthesis or a square bracket (the plain-text part writes links as `[url]`).
 */
const CREDENTIAL_LINK = new RegExp(`(${CREDENTIAL_LINK_PREFIX_PATTERN})[^\\s"'<>()[\\]]+`, "gi");

/** The text with the credential of every link of CREDENTIAL_LINK_PREFIXES replaced by a marker. */
export function hideCredentialLinks(text: string): string {
  return text.replace(CREDENTIAL_LINK, `$1${HIDDEN_CREDENTIAL}`);
}

/**
 * A header value as people read it: unfolded, and its encoded words decoded (libmime, the
 * decoder mailparser itself uses), so that a link split across encoded words or folded lines is
 * whole again before hideCredentialLinks reads it.
 */
export function readableHeaderValue(value: string): string {
  return libmime.decodeWords(value.replace(/\r?\n(?=[ \t])/g, ""));
}
