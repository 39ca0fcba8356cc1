import { hash, randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

// The Content-Security-Policy of every answer outside development, and the page's own list of
// inline scripts (docs/decisions/009-script-hashes.md). A page is rendered whole before it is
// sent; the scripts the renderer itself wrote are marked while it renders, and their SHA-256
// hashes go into that page's policy. The page is then the same bytes for everyone, so the
// response cache (and any shared cache downstream) can keep and compress it as it is.

/**
 * What a page's renderer needs to list its scripts in the page's policy (entry.server.tsx):
 * the mark it puts on the scripts it writes, and where to hand the page once it is complete.
 */
export type PageScripts = {
  /** Rendered as the `nonce` of the scripts React Router writes; it never leaves the process. */
  readonly mark: string;
  /**
   * Takes the whole page as rendered, with the marks, in the pieces the renderer wrote, and
   * answers the page to send: without the marks, its marked inline scripts allowed by hash in
   * this response's policy. A page in one piece without marks is answered as it is.
   */
  allow: (pieces: readonly Uint8Array[]) => Buffer;
};

/**
 * The mark of the renderer's own scripts: random per process, letters, digits, `-` and `_`
 * (nothing HTML escapes), so content cannot carry it by chance or by design, and an inline
 * script that content smuggles into a page is never hashed and so never runs.
 */
export function createScriptMark(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * The policy's directives, `script-src` being filled in per answer: frames only from YouTube's
 * players, connections only to the site itself, no plugins, forms and `<base>` on the site.
 */
function directivesFor({ https }: { https: boolean }): [string, string[] | null][] {
  return [
    ["default-src", ["'self'"]],
    ["base-uri", ["'self'"]],
    ["font-src", ["'self'", "data:"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'self'"]],
    ["img-src", ["'self'", "data:", "https:"]],
    ["object-src", ["'none'"]],
    ["script-src", null],
    ["script-src-attr", ["'none'"]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["connect-src", ["'self'"]],
    ["frame-src", ["https://www.youtube.com", "https://www.youtube-nocookie.com"]],
    ...(https ? [["upgrade-insecure-requests", []] as [string, string[]]] : []),
  ];
}

/**
 * Builds policies: `none` for answers without inline scripts (JSON, files, feeds), `withHashes`
 * for a page whose inline scripts have these hashes. Every part but the hashes is built once.
 */
export function policyBuilder(options: { https: boolean }) {
  const parts = directivesFor(options).map(([name, values]) =>
    values === null ? null : values.length > 0 ? `${name} ${values.join(" ")}` : name,
  );
  const at = parts.indexOf(null);
  const head = parts.slice(0, at).join(";");
  const tail = parts.slice(at + 1).join(";");
  const none = `${head};script-src 'self';${tail}`;
  return {
    none,
    withHashes(hashes: readonly string[]): string {
      if (hashes.length === 0) return none;
      return `${head};script-src 'self' ${hashes.map((h) => `'sha256-${h}'`).join(" ")};${tail}`;
    },
  };
}

/** Paths whose answers are JSON or files: never a page, so no inline script to allow. */
const NOT_A_PAGE = /^\/(api|assets|uploads)(\/|\?|$)/;

/**
 * Sets the policy on every answer: scripts from the site only. A page rendered by
 * entry.server.tsx replaces it with one that also allows its own inline scripts by hash
 * (`res.locals.pageScripts`, handed to the renderer by main.ts).
 */
export function contentSecurityPolicy(options: { https: boolean }): RequestHandler {
  const policies = policyBuilder(options);
  const mark = createScriptMark();
  return (req, res, next) => {
    res.setHeader("Content-Security-Policy", policies.none);
    if (!NOT_A_PAGE.test(req.url)) {
      const pageScripts: PageScripts = {
        mark,
        allow(pieces) {
          // A page in one piece is read where it is; pieces are put together in `scratch`.
          const [only] = pieces;
          const page =
            pieces.length === 1 && only
              ? Buffer.from(only.buffer, only.byteOffset, only.byteLength)
              : joined(pieces);
          const { body, hashes } = hashMarkedScripts(page, mark);
          res.setHeader("Content-Security-Policy", policies.withHashes(hashes));
          // The body is the response's own: never the shared buffer `page` may be part of.
          return body === page && page.buffer === scratch.buffer ? Buffer.from(page) : body;
        },
      };
      res.locals.pageScripts = pageScripts;
    }
    next();
  };
}

/**
 * Where pages are put together to be read for their scripts: one buffer for the process, as
 * large as the largest page so far up to PAGE_SCRATCH_MAX_BYTES, reused by every page (the
 * reading is synchronous), so that a page view allocates only the bytes it sends. A larger
 * page is put together in a buffer of its own.
 */
let scratch = Buffer.alloc(0);
const PAGE_SCRATCH_MAX_BYTES = 1024 * 1024;

/** `pieces` one after another, in `scratch` when they fit (valid until the next call). */
function joined(pieces: readonly Uint8Array[]): Buffer {
  let length = 0;
  for (const piece of pieces) length += piece.byteLength;
  if (length > PAGE_SCRATCH_MAX_BYTES) return Buffer.concat(pieces, length);
  if (length > scratch.length) {
    scratch = Buffer.allocUnsafeSlow(
      Math.min(PAGE_SCRATCH_MAX_BYTES, Math.max(length, 2 * scratch.length)),
    );
  }
  let at = 0;
  for (const piece of pieces) {
    scratch.set(piece, at);
    at += piece.byteLength;
  }
  return scratch.subarray(0, length);
}

/**
 * The page without ` nonce="{mark}"` attributes, and the base64 SHA-256 of the text of each
 * inline `<script>` that carried one, in order, without repeats. What a browser hashes is the
 * script's text as parsed, which for a script element is its bytes as written, save that the
 * parser turns CR LF and a lone CR into LF.
 */
export function hashMarkedScripts(page: Buffer, mark: string): { body: Buffer; hashes: string[] } {
  const attribute = Buffer.from(` nonce="${mark}"`);
  const hashes: string[] = [];
  const marks: number[] = [];
  let from = 0;
  for (let at = page.indexOf(attribute); at !== -1; at = page.indexOf(attribute, from)) {
    marks.push(at);
    from = at + attribute.length;
    // Only the attribute of a script tag names a script to hash; a link's (modulepreload)
    // is removed as well, its file is the site's own.
    const tagStart = page.lastIndexOf(TAG_START, at);
    const tagEnd = page.indexOf(TAG_END, from);
    if (tagStart === -1 || tagEnd === -1 || !startsWith(page, tagStart, SCRIPT_OPEN)) continue;
    if (page.subarray(tagStart, tagEnd).includes(SRC_ATTRIBUTE)) continue;
    const close = page.indexOf(SCRIPT_CLOSE, tagEnd);
    if (close === -1) continue;
    const digest = scriptHash(page.subarray(tagEnd + 1, close));
    if (!hashes.includes(digest)) hashes.push(digest);
  }
  if (marks.length === 0) return { body: page, hashes };
  // The page without the marks, in one piece.
  const body = Buffer.allocUnsafe(page.length - marks.length * attribute.length);
  let written = 0;
  let start = 0;
  for (const at of marks) {
    written += page.copy(body, written, start, at);
    start = at + attribute.length;
  }
  page.copy(body, written, start);
  return { body, hashes };
}

function startsWith(bytes: Buffer, at: number, prefix: Buffer): boolean {
  return bytes.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;
}

const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");
const TAG_START = Buffer.from("<");
const TAG_END = Buffer.from(">");
const SRC_ATTRIBUTE = Buffer.from(" src=");
const CARRIAGE_RETURN = 0x0d;

/** The hash a browser computes for an inline script with this text. */
export function scriptHash(text: Buffer | string): string {
  let bytes = typeof text === "string" ? Buffer.from(text) : text;
  if (bytes.includes(CARRIAGE_RETURN)) {
    bytes = Buffer.from(bytes.toString("utf8").replace(/\r\n?/g, "\n"));
  }
  return hash("sha256", bytes, "base64");
}
