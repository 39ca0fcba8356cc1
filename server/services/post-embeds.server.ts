import { type EmbeddedItems, embeddedItemIds, MAX_CARDS } from "#common/editor/embed-render.ts";
import type { Db } from "#server/db/db.server.ts";
import { publiclyVisible } from "./content-rules.server.ts";

// The marketplace items a post's cards name, read when the post is shown
// (docs/decisions/041-embed-cards.md); common/editor/embed-render.ts puts them in the cards.

/**
 * The public marketplace items the cards of these HTML fragments name, in one query for all of
 * them (none when there is no card). A draft, an item scheduled for later, a deleted item and a
 * post of another category are left out: their cards show nothing.
 */
export async function findEmbeddedItems(
  db: Db,
  htmls: readonly string[],
  now: Date,
): Promise<EmbeddedItems> {
  const ids = [...new Set(htmls.flatMap(embeddedItemIds))].slice(0, MAX_CARDS);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("posts")
    .select([
      "posts.id",
      "posts.title",
      "posts.slug",
      "posts.packType",
      "posts.marketplaceUrl",
      "posts.featuredImage",
      "posts.featuredImageAlt",
    ])
    .where("posts.id", "in", ids)
    .where("posts.category", "=", "marketplace-content")
    .where(publiclyVisible(now))
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
