import { MAX_LIST_LIMIT } from "#common/constants.ts";
import { htmlToPlainText } from "#common/content-rules.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";
import type { PostRow } from "#server/db/tables.ts";
import { presentPackCard } from "./post-card.server.ts";

/**
 * A marketplace-content post as a portfolio item (docs/product/content-model.md#portfolio-items).
 */
export function presentPortfolioItem(row: PostRow, now = new Date()): PortfolioItem {
  return { ...presentPackCard(row, now), fullDescription: plainText(row.content) };
}

/**
 * htmlToPlainText, remembered per HTML. The portfolio converts every item's content on every
 * call (about 50 µs per item, most of the CPU time of GET /api/portfolio) although the content
 * rarely changes. Keyed by the HTML itself, so an edited post is simply a new entry. Room for two
 * full lists; beyond that the oldest entries go first.
 */
const plainTextCache = new Map<string, string>();
const PLAIN_TEXT_CACHE_SIZE = 2 * MAX_LIST_LIMIT;

function plainText(html: string): string {
  let text = plainTextCache.get(html);
  if (text === undefined) {
    text = htmlToPlainText(html);
    if (plainTextCache.size >= PLAIN_TEXT_CACHE_SIZE) {
      plainTextCache.delete(plainTextCache.keys().next().value as string);
    }
    plainTextCache.set(html, text);
  }
  return text;
}
