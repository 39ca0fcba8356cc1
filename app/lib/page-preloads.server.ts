const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const TAG_END = Buffer.from("/>");

/**
 * The page without React Router's `<link rel="modulepreload">` tags. A module script is fetched
 * after the page is parsed and runs after it anyway; preloaded, its files are fetched at high
 * priority beside the stylesheet and the fonts, and on a slow network they delay the first
 * paint by the time their bytes take.
 */
export function withoutModulePreloads(page: Buffer): Buffer {
  let at = page.indexOf(MODULE_PRELOAD);
  if (at === -1) return page;
  const kept: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    const end = page.indexOf(TAG_END, at);
    if (end === -1) break;
    kept.push(page.subarray(from, at));
    from = end + TAG_END.length;
    at = page.indexOf(MODULE_PRELOAD, from);
  }
  kept.push(page.subarray(from));
  return Buffer.concat(kept);
}
