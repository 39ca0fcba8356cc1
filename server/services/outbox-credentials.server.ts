import { CREDENTIAL_LINK_PREFIXES, HIDDEN_CREDENTIAL } from "#common/paths.ts";

// The Outbox shows admins what the site mailed, but a reset, invitation, confirmation or
// unsubscribe link grants something to whoever holds it: only its recipient may see it
// (docs/decisions/030-account-mail.md). Every text of a message that leaves the server through
// the Outbox passes through hideCredentialLinks; the .eml file itself keeps the link.

/**
 * A credential link's prefix (any origin, any case, as the router matches paths) and what follows
 * it up to the first character no link in a message carries: white space, a quote, an angle
 * bracket, a parenthesis or a square bracket (the plain-text part writes links as `[url]`).
 */
const CREDENTIAL_LINK = new RegExp(
  `(${CREDENTIAL_LINK_PREFIXES.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")).join("|")})[^\\s"'<>()[\\]]+`,
  "gi",
);

/** The text with the credential of every link of CREDENTIAL_LINK_PREFIXES replaced by a marker. */
export function hideCredentialLinks(text: string): string {
  return text.replace(CREDENTIAL_LINK, `$1${HIDDEN_CREDENTIAL}`);
}

/** An RFC 2047 encoded word: `=?charset?Q|B?text?=`. */
const ENCODED_WORD = /=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g;

/**
 * A header value as people read it: unfolded, and its encoded words decoded (the white space
 * between two of them dropped, as RFC 2047 says), so that a link split across encoded words or
 * folded lines is whole again before hideCredentialLinks reads it.
 */
export function readableHeaderValue(value: string): string {
  const unfolded = value.replace(/\r?\n(?=[ \t])/g, "");
  const joined = unfolded.replace(/(\?=)[ \t]+(?==\?)/g, "$1");
  return joined.replace(ENCODED_WORD, (_word, charset: string, encoding: string, text: string) => {
    const bytes =
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-Fa-f]{2})/g, (_hex, code: string) =>
                String.fromCharCode(Number.parseInt(code, 16)),
              ),
            "latin1",
          );
    try {
      return new TextDecoder(charset.split("*")[0]).decode(bytes);
    } catch {
      // A charset TextDecoder does not know: read byte by byte, so a link in it is still seen.
      return bytes.toString("latin1");
    }
  });
}
