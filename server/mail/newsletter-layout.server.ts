// The newsletter's design (docs/decisions/029-newsletter-message.md): one column of nested
// presentation tables, fluid up to COLUMN_WIDTH and readable on the narrowest phone, in colours
// that read in light and dark mode. Only CSS that Gmail, Outlook and Apple Mail all apply carries
// the layout; server/mail/mail-client-css.test.ts keeps it that way.

/** The full width of the mail's column, in pixels: the width on screens wider than that. */
export const COLUMN_WIDTH = 600;

/**
 * The design, inlined by juice into each element's style attribute (mail clients drop or ignore
 * <style> more often than not). Dark text on a light background, one column. Long words and
 * addresses break anywhere rather than widen the column (`word-break: break-word` for WebKit and
 * Blink, `overflow-wrap: anywhere` for the rest).
 */
export const LAYOUT_STYLES = `
body{margin:0;padding:0;background-color:#f4f4f5;color:#18181b;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}
table{border-collapse:collapse}
.outer{width:100%;background-color:#f4f4f5}
.outer-cell{padding:24px 12px}
.column,.column-footer{width:100%;max-width:${COLUMN_WIDTH}px}
.column{background-color:#ffffff;border-radius:8px}
.column td,.column-footer td{word-break:break-word;overflow-wrap:anywhere}
.brand{padding:20px 24px;border-bottom:1px solid #e4e4e7;font-size:14px;color:#52525b}
.brand a{color:#18181b;font-weight:bold;font-size:18px;text-decoration:none}
.hero img{display:block;width:100%;max-width:${COLUMN_WIDTH}px;height:auto;border:0}
.body{padding:24px}
h1{margin:0 0 16px;font-size:26px;line-height:1.25;color:#18181b}
h2{margin:24px 0 12px;font-size:21px;line-height:1.3;color:#18181b}
h3,h4{margin:20px 0 8px;font-size:18px;line-height:1.3;color:#18181b}
p{margin:0 0 16px}
ul,ol{margin:0 0 16px;padding-left:24px}
li{margin:0 0 6px}
blockquote{margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid #d4d4d8;color:#3f3f46}
pre{margin:0 0 16px;padding:12px;background-color:#f4f4f5;white-space:pre-wrap;font-size:14px}
code{font-family:Consolas,Menlo,monospace;font-size:14px}
hr{border:0;border-top:1px solid #e4e4e7;margin:24px 0}
a{color:#15803d}
.body img{max-width:100%;height:auto;border:0}
.actions{padding:8px 0 0}
.button{display:inline-block;padding:12px 20px;background-color:#15803d;color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px}
.footer{padding:20px 24px;font-size:12px;line-height:1.5;color:#52525b;text-align:center}
.footer a{color:#52525b}
.preheader{display:none;max-height:0;overflow:hidden;opacity:0;color:#f4f4f5;font-size:1px}
@media (max-width:620px){.outer-cell{padding:0 !important}.column{border-radius:0 !important}.body{padding:20px 16px !important}.brand,.footer{padding:16px !important}}
`;

/**
 * Dark mode, for the clients that honour `prefers-color-scheme` (Apple Mail, iOS Mail, some
 * others): an enhancement only. Clients that ignore it invert the light design themselves, which
 * it survives: no text on a picture, no light text on a light colour, the green button's white
 * text on a mid-tone that stays dark when inverted. A block of its own, kept as written: a client
 * that refuses it keeps the small-screen rules.
 */
const DARK_STYLES = `
:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme:dark){
body,.outer,.outer-cell{background-color:#18181b !important;color:#f4f4f5 !important}
.column{background-color:#27272a !important}
.brand{color:#d4d4d8 !important;border-bottom-color:#3f3f46 !important}
.brand a,h1,h2,h3,h4,.body{color:#fafafa !important}
blockquote{color:#d4d4d8 !important;border-left-color:#52525b !important}
pre{background-color:#18181b !important}
a{color:#4ade80 !important}
.button{background-color:#15803d !important;color:#ffffff !important}
.footer,.footer a{color:#a1a1aa !important}
.preheader{color:#18181b !important}
}
`;

/** What goes into the column, each part already escaped or sanitized HTML. */
export type NewsletterParts = {
  title: string;
  excerpt: string;
  /** The top row: the company's name linked to the site, and its tagline. */
  brand: string;
  /** The featured image's row, or "". */
  hero: string;
  /** The title, the post's content and its links. */
  body: string;
  footer: string;
};

/**
 * The whole document, before juice inlines LAYOUT_STYLES. Outlook on Windows ignores max-width,
 * so a table only it reads (a conditional comment) holds the column at COLUMN_WIDTH there.
 */
export function newsletterDocument(parts: NewsletterParts): string {
  const mso = (html: string) => `<!--[if mso]>${html}<![endif]-->`;
  const column = (className: string, bgcolor: string) =>
    `<table role="presentation" class="${className}" width="100%"${bgcolor} cellpadding="0" cellspacing="0">`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    '<meta name="supported-color-schemes" content="light dark">',
    `<title>${parts.title}</title><style>${LAYOUT_STYLES}</style>`,
    `<style data-embed>${DARK_STYLES}</style></head><body>`,
    parts.excerpt ? `<div class="preheader">${parts.excerpt}</div>` : "",
    '<table role="presentation" class="outer" width="100%" bgcolor="#f4f4f5" cellpadding="0" cellspacing="0">',
    '<tr><td class="outer-cell" align="center">',
    mso(
      `<table role="presentation" width="${COLUMN_WIDTH}" align="center" cellpadding="0" cellspacing="0"><tr><td>`,
    ),
    column("column", ' bgcolor="#ffffff"'),
    `<tr><td class="brand">${parts.brand}</td></tr>`,
    parts.hero ? `<tr><td class="hero">${parts.hero}</td></tr>` : "",
    `<tr><td class="body">${parts.body}</td></tr></table>`,
    column("column-footer", ""),
    `<tr><td class="footer">${parts.footer}</td></tr></table>`,
    mso("</td></tr></table>"),
    "</td></tr></table></body></html>",
  ].join("");
}
