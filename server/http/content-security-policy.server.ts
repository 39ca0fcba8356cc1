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
   * Takes the whole page as rendered, with the marks, and answers the page to send: without
   * the marks, its marked inline scripts allowed by hash in this response's policy.
   */
  allow: (page: Buffer) => Buffer;
};

/**
 * The mark of the renderer's own scripts: random per process, letters, digits, `-` and `_`
 * (nothing HTML escapes), so content cannot carry it by chance or by design, and an inline
 * script that content smuggles into a page is never hashed and so never runs.
 */
export function createScriptMark(): string {
  return randomBytes(18).toString("base64url");
}

export type PolicyOptions = {
  https: boolean;
  /**
   * Where else images may come from besides the site, data: and any https address: the origin
   * of the YouTube pictures (YOUTUBE_IMAGE_BASE_URL) when it is a plain http one, as a test's or
   * a local proxy's is.
   */
  imageOrigins?: readonly string[];
};

/**
 * The policy's directives, `script-src` being filled in per answer: frames only from YouTube's
 * players, connections only to the site itself, no plugins, forms and `<base>` on the site.
 */
function directivesFor({ https, imageOrigins = [] }: PolicyOptions): [string, string[] | null][] {
  const otherImages = imageOrigins.filter((origin) => origin.startsWith("http:"));
  return [
    ["default-src", ["'self'"]],
    ["base-uri", ["'self'"]],
    ["font-src", ["'self'", "data:"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'self'"]],
    ["img-src", ["'self'", "data:", "https:", ...otherImages]],
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
export function policyBuilder(options: PolicyOptions) {
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
export function contentSecurityPolicy(options: PolicyOptions): RequestHandler {
  const policies = policyBuilder(options);
  const mark = createScriptMark();
  return (req, res, next) => {
    res.setHeader("Content-Security-Policy", policies.none);
    if (!NOT_A_PAGE.test(req.url)) {
      const pageScripts: PageScripts = {
        mark,
        allow(page) {
          const { body, hashes } = hashMarkedScripts(page, mark);
          res.setHeader("Content-Security-Policy", policies.withHashes(hashes));
          return body;
        },
      };
      res.locals.pageScripts = pageScripts;
    }
    next();
  };
}

const TAG_START = "<".charCodeAt(0);
const TAG_END = ">".charCodeAt(0);
const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");
const SRC_ATTRIBUTE = Buffer.from(" src=");
const CR = "\r".charCodeAt(0);

/**
 * The page without its ` nonce="{mark}"` attributes, and the base64 SHA-256 of the text of each
 * inline `<script>` that carried one, in order, without repeats. What a browser hashes is the
 * script's text as parsed, which for a script element is its UTF-8 bytes as written, save that
 * the parser turns CR LF and a lone CR into LF. The marks are removed in place: the answer is
 * the start of `page`'s own memory, so a page is encoded to bytes once and never copied whole.
 */
export function hashMarkedScripts(page: Buffer, mark: string): { body: Buffer; hashes: string[] } {
  const attribute = Buffer.from(` nonce="${mark}"`);
  const hashes: string[] = [];
  // The page's bytes before `from` are kept, moved down to end at `written`.
  let written = 0;
  let from = 0;
  for (let at = page.indexOf(attribute); at !== -1; at = page.indexOf(attribute, from)) {
    // Only the attribute of a script tag names a script to hash; a link's (modulepreload)
    // is removed as well, its file is the site's own. The tag starts after the last mark.
    const tagStart = page.lastIndexOf(TAG_START, at);
    const tagEnd = page.indexOf(TAG_END, at + attribute.length);
    if (
      tagStart >= from &&
      tagEnd !== -1 &&
      startsWith(page, tagStart, SCRIPT_OPEN) &&
      !page.subarray(tagStart, tagEnd).includes(SRC_ATTRIBUTE)
    ) {
      const close = page.indexOf(SCRIPT_CLOSE, tagEnd);
      if (close !== -1) {
        const digest = scriptHash(page.subarray(tagEnd + 1, close));
        if (!hashes.includes(digest)) hashes.push(digest);
      }
    }
    if (written !== from) page.copyWithin(written, from, at);
    written += at - from;
    from = at + attribute.length;
  }
  if (from === 0) return { body: page, hashes };
  page.copyWithin(written, from);
  return { body: page.subarray(0, written + page.length - from), hashes };
}

function startsWith(page: Buffer, at: number, prefix: Buffer): boolean {
  return page.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;
}

/** The hash a browser computes for an inline script with this text. */
export function scriptHash(text: string | Buffer): string {
  if (typeof text === "string") {
    return hash("sha256", text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text, "base64");
  }
  // Bytes: CR is one byte in UTF-8, and no other character's bytes contain it.
  return text.includes(CR) ? scriptHash(text.toString("utf8")) : hash("sha256", text, "base64");
}
