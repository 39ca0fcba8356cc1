// What a first-time visitor's browser downloads for a page: its JavaScript and CSS, as built,
// gzipped and as the server sends them, against the JavaScript budget.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync, constants as zlibConstants } from "node:zlib";
import { formatBytes, printRows, verdict } from "./format.mjs";
import { ACCEPT_ENCODING } from "./options.mjs";
import { probeUrl } from "./requests.mjs";

/** JavaScript an anonymous visitor downloads on a page, gzip-compressed, at most. */
export const JS_BUDGET_GZIP_BYTES = 100 * 1024;

/**
 * The JavaScript and CSS a first-time visitor's browser downloads for a page: every build file
 * the HTML names (module preloads, the entry's imports, stylesheets). Sizes as built, gzipped
 * (level 9), and as this server sends them with the benchmark's Accept-Encoding.
 */
export async function weighPage({ target, request, html, origin, buildDir }) {
  const files = withStaticImports(buildFilesLoadedBy(html), buildDir);
  const sum = () => ({ files: 0, raw: 0, gzip: 0, sent: 0 });
  const weight = { target, request, js: sum(), css: sum() };
  for (const file of files) {
    const content = readFileSync(path.join(buildDir, "client", file));
    const sent = await probeUrl(origin + file);
    if (sent.status !== 200) throw new Error(`${file} answered ${sent.status}`);
    const total = file.endsWith(".css") ? weight.css : weight.js;
    total.files += 1;
    total.raw += content.length;
    total.gzip += gzipSync(content, { level: zlibConstants.Z_BEST_COMPRESSION }).length;
    total.sent += sent.bytes;
  }
  console.log(
    `  loads ${weight.js.files} JavaScript files, ${formatBytes(weight.js.gzip)} gzipped ` +
      `(${formatBytes(weight.js.raw)} as built, ${formatBytes(weight.js.sent)} sent), and ` +
      `${weight.css.files} CSS, ${formatBytes(weight.css.gzip)} gzipped`,
  );
  return weight;
}

/**
 * Build files the page makes the browser fetch: module preloads, stylesheets, scripts, and the
 * modules its inline scripts import. (The route manifest's own URL also appears in the page,
 * as data; the browser does not fetch it.)
 */
function buildFilesLoadedBy(html) {
  const files = [];
  for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/g)) {
    const isLoaded = /\brel="(?:modulepreload|stylesheet)"/.test(tag) || tag.startsWith("<script");
    const url = /\b(?:href|src)="(\/assets\/[^"]+)"/.exec(tag)?.[1];
    if (isLoaded && url) files.push(url);
  }
  for (const [, url] of html.matchAll(
    /\bimport\s*(?:[\w*{}\s,]+\s+from\s*|\(\s*)"(\/assets\/[^"]+)"/g,
  )) {
    files.push(url);
  }
  return files.filter((url) => /\.(?:js|css)$/.test(url));
}

/**
 * The files and, transitively, every module their JavaScript imports statically (what the browser
 * fetches before the page's scripts can run, whether or not the page preloads each one).
 * Dynamic imports, fetched when used, are not followed.
 */
function withStaticImports(files, buildDir) {
  const all = new Set(files);
  for (const file of all) {
    if (!file.endsWith(".js")) continue;
    const code = readFileSync(path.join(buildDir, "client", file), "utf8");
    for (const [, specifier] of code.matchAll(
      /\bimport\s*(?:[\w*{}$\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g,
    )) {
      all.add(new URL(specifier, `http://site${file}`).pathname);
    }
  }
  return [...all];
}

export function printWeights(weights) {
  const header = [
    "page",
    "request",
    "JS files",
    "JS gzip",
    "JS as built",
    "JS sent",
    "CSS gzip",
    "CSS as built",
    "CSS sent",
  ];
  const rows = weights.map((w) => [
    w.target.name,
    w.request,
    String(w.js.files),
    `${formatBytes(w.js.gzip)}${w.js.gzip > JS_BUDGET_GZIP_BYTES ? " OVER BUDGET" : ""}`,
    formatBytes(w.js.raw),
    formatBytes(w.js.sent),
    formatBytes(w.css.gzip),
    formatBytes(w.css.raw),
    formatBytes(w.css.sent),
  ]);
  console.log(
    `\nWhat a first-time visitor downloads (JavaScript budget ${formatBytes(JS_BUDGET_GZIP_BYTES)} gzipped; ` +
      `"sent" is with Accept-Encoding: ${ACCEPT_ENCODING || "(none)"}):\n`,
  );
  printRows(header, rows);
}

/** The verdict on the JavaScript budget, with each page's weight. */
export function printWeightVerdict(weights) {
  const heavy = weights.filter((w) => w.js.gzip > JS_BUDGET_GZIP_BYTES);
  verdict(
    heavy.length === 0,
    `JavaScript per page at most ${formatBytes(JS_BUDGET_GZIP_BYTES)} gzip`,
    weights.map((w) => `${w.request.replace(/^GET /, "")} ${formatBytes(w.js.gzip)}`).join(", "),
  );
}
