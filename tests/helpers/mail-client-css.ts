// What the major mail clients (Gmail on the web and in its apps, Outlook on Windows, which renders
// with Word's engine, Outlook.com, Apple Mail and iOS Mail) apply of an e-mail's HTML and CSS,
// as documented by caniemail.com, and a check of a built e-mail against it. The layout may rely
// only on what all of them apply; what some ignore may be used for looks (rounded corners) or as
// an enhancement (media queries), never for the layout to hold. A property on neither list fails
// the check until someone looks it up and adds it, with the reason, to one of them.

/** Properties every one of those clients applies (or whose absence only changes the look). */
const ALLOWED: Record<string, string> = {
  "background-color": "applied everywhere; tables also carry bgcolor for the oldest Outlooks",
  border: "applied everywhere",
  "border-top": "applied everywhere",
  "border-bottom": "applied everywhere",
  "border-left": "applied everywhere",
  "border-bottom-color": "dark-mode rule only (Apple Mail)",
  "border-left-color": "dark-mode rule only (Apple Mail)",
  "border-collapse": "applied everywhere",
  "border-radius": "Outlook on Windows shows square corners: looks only",
  color: "applied everywhere",
  "color-scheme": "tells clients the design has a dark form; ignored where unknown",
  "supported-color-schemes": "Apple Mail's older name for color-scheme",
  display: "block, inline-block and none only (DISPLAY_VALUES)",
  "font-family": "applied everywhere; each stack ends in a generic family",
  "font-size": "applied everywhere",
  "font-weight": "applied everywhere",
  height: "applied everywhere (auto keeps images in proportion)",
  "line-height": "applied everywhere",
  margin: "applied everywhere but Outlook.com on some elements: spacing only",
  "max-height": "hides the preheader; Outlook on Windows ignores it, display:none hides it there",
  "max-width":
    "Outlook on Windows ignores it: a table only Outlook reads holds the column at 600 px",
  opacity: "hides the preheader where display:none is dropped",
  overflow: "hides the preheader where display:none is dropped",
  padding: "applied everywhere on table cells",
  "padding-left": "applied everywhere",
  "text-align": "applied everywhere",
  "text-decoration": "applied everywhere",
  "white-space": "pre-wrap in code blocks; where ignored, the line scrolls inside the block",
  width: "applied everywhere",
  "word-break": "break-word lets a long word or address wrap (Gmail, Apple Mail, Outlook)",
  "overflow-wrap": "the standard form of word-break: break-word, for the clients that know it",
  "-webkit-text-size-adjust": "stops iOS Mail enlarging small text; ignored elsewhere",
  "-ms-text-size-adjust": "stops Windows Phone mail enlarging small text; ignored elsewhere",
};

/** Properties the layout must not use: at least one of those clients drops them. */
const DENIED: Record<string, string> = {
  position: "Gmail removes it; Outlook on Windows ignores it",
  float: "Outlook on Windows ignores it on most elements; columns are table cells",
  clear: "only means something with float",
  flex: "flexbox: Outlook on Windows and several Gmail apps ignore it",
  "flex-direction": "flexbox: Outlook on Windows and several Gmail apps ignore it",
  "flex-wrap": "flexbox: Outlook on Windows and several Gmail apps ignore it",
  "justify-content": "flexbox and grid: Outlook on Windows ignores it",
  "align-items": "flexbox and grid: Outlook on Windows ignores it",
  gap: "flexbox and grid: Outlook on Windows and Gmail ignore it",
  "grid-template-columns": "grid: Gmail and Outlook ignore it",
  "grid-template-areas": "grid: Gmail and Outlook ignore it",
  "grid-area": "grid: Gmail and Outlook ignore it",
  transform: "Gmail and Outlook on Windows ignore it",
  "object-fit": "Gmail and Outlook ignore it; images get width and height instead",
  "aspect-ratio": "Gmail and Outlook ignore it",
  "background-image": "Outlook on Windows shows none: only with a background-color fallback",
  background: "the shorthand may carry an image or be dropped: write background-color",
};

/** The display values every client applies; flex and grid are what Outlook ignores. */
const DISPLAY_VALUES = new Set(["block", "inline-block", "inline", "none", "table"]);

/** Values that drop the whole declaration in Gmail, and mean nothing to Outlook on Windows. */
const DENIED_VALUES: [RegExp, string][] = [
  [/\bvar\(/i, "CSS variables: Gmail and Outlook drop them"],
  [/\b(calc|min|max|clamp)\(/i, "calc() and its kin: Gmail drops the declaration"],
  [/\d(vw|vh|vmin|vmax)\b/i, "viewport units: Gmail and Outlook ignore them"],
  [/\burl\(/i, "an image or file in CSS: Outlook on Windows loads none, Gmail proxies few"],
  [/\bexpression\(/i, "old Internet Explorer script in CSS"],
];

/** Elements no client shows or lets run, or that fetch what the reader did not ask for. */
const DENIED_ELEMENTS: Record<string, string> = {
  link: "external stylesheets: Gmail and Outlook drop them, and they call a third party",
  script: "no mail client runs scripts",
  iframe: "no mail client shows frames",
  object: "no mail client shows plugins",
  embed: "no mail client shows plugins",
  form: "Gmail and Outlook disable forms",
  input: "Gmail and Outlook disable forms",
  video: "only Apple Mail plays video",
  audio: "only Apple Mail plays audio",
  svg: "Gmail and Outlook show no SVG",
  base: "clients ignore or strip it: every address is absolute instead",
};

/** The media features the enhancements may ask for; anything else is unknown to most clients. */
const MEDIA_FEATURES =
  /^\s*(screen\s+and\s+)?\((max-width|min-width):\s*\d+px\)\s*$|^\s*\(prefers-color-scheme:\s*dark\)\s*$/i;

/** Gmail clips a message longer than this behind "View entire message", footer and all. */
export const GMAIL_CLIP_BYTES = 102 * 1024;

function decodeAttribute(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
}

/** The problems of one block of declarations (`a: b; c: d`), each naming where it was found. */
function declarationProblems(block: string, where: string): string[] {
  const problems: string[] = [];
  const declarations = block
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(":");
      return [part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim()] as const;
    });
  const names = new Set(declarations.map(([name]) => name));
  for (const [name, value] of declarations) {
    const at = `${where}: ${name}: ${value}`;
    if (name.startsWith("--")) problems.push(`${at} (CSS variables: Gmail and Outlook drop them)`);
    else if (name === "background-image" && names.has("background-color")) {
      // An image over a colour: the colour is the fallback where images are not shown.
    } else if (DENIED[name]) problems.push(`${at} (${DENIED[name]})`);
    else if (!ALLOWED[name]) problems.push(`${at} (not on the lists: check caniemail.com)`);
    else if (name === "display" && !DISPLAY_VALUES.has(value.replace(/\s*!important$/, ""))) {
      problems.push(`${at} (only block, inline-block, inline, table or none hold everywhere)`);
    }
    for (const [pattern, reason] of DENIED_VALUES) {
      if (name === "background-image" && pattern.source.includes("url")) continue;
      if (pattern.test(value)) problems.push(`${at} (${reason})`);
    }
  }
  return problems;
}

/** The problems of a <style> block's text: its rules, at-rules and media queries. */
function styleSheetProblems(css: string, where: string): string[] {
  const problems: string[] = [];
  let rest = css.replace(/\/\*[\s\S]*?\*\//g, "");
  while (rest.trim()) {
    const open = rest.indexOf("{");
    const semicolon = rest.indexOf(";");
    if (semicolon !== -1 && (open === -1 || semicolon < open)) {
      // A statement at-rule (@import, @charset): nothing the mail needs.
      problems.push(`${where}: ${rest.slice(0, semicolon).trim()} (external or unknown at-rule)`);
      rest = rest.slice(semicolon + 1);
      continue;
    }
    if (open === -1) break;
    const prelude = rest.slice(0, open).trim();
    let depth = 1;
    let end = open + 1;
    for (; end < rest.length && depth > 0; end++) {
      if (rest[end] === "{") depth++;
      else if (rest[end] === "}") depth--;
    }
    const inner = rest.slice(open + 1, end - 1);
    rest = rest.slice(end);
    if (prelude.startsWith("@media")) {
      const query = prelude.slice("@media".length);
      if (!MEDIA_FEATURES.test(query)) problems.push(`${where}: ${prelude} (unknown media query)`);
      problems.push(...styleSheetProblems(inner, `${where} ${prelude}`));
    } else if (prelude.startsWith("@")) {
      problems.push(`${where}: ${prelude} (fonts, imports and other at-rules: Gmail drops them)`);
    } else {
      problems.push(...declarationProblems(inner, `${where} ${prelude}`));
    }
  }
  return problems;
}

/**
 * What in an e-mail's HTML the major mail clients would drop or refuse, each with its reason; an
 * empty list when the layout uses only what all of them apply.
 */
export function mailClientProblems(html: string): string[] {
  const problems: string[] = [];
  if (Buffer.byteLength(html) > GMAIL_CLIP_BYTES) {
    problems.push(`${Buffer.byteLength(html)} bytes (Gmail clips the message after 102 KB)`);
  }
  for (const [, tag] of html.matchAll(/<([a-z][a-z0-9-]*)\b/gi)) {
    const reason = DENIED_ELEMENTS[(tag as string).toLowerCase()];
    if (reason) problems.push(`<${tag}> (${reason})`);
  }
  for (const [, css] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    problems.push(...styleSheetProblems(css as string, "<style>"));
  }
  for (const [, tag, style] of html.matchAll(/<([a-z][a-z0-9]*)\b[^>]*?\sstyle="([^"]*)"/gi)) {
    problems.push(...declarationProblems(decodeAttribute(style as string), `<${tag} style>`));
  }
  return [...new Set(problems)];
}
