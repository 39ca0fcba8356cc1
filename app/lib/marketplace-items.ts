import { queryOptions } from "@tanstack/react-query";
import type { EmbeddedItems } from "#common/editor/embed-render.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";
import { apiGet } from "./api-client.ts";
import { CONTENT_QUERY_KEYS } from "./content-queries.ts";

/**
 * The studio's marketplace items as staff see them (GET /api/portfolio, drafts included), under
 * the portfolio list's key so a save refreshes them: the editor's item picker and the Preview's
 * embed cards (docs/decisions/041-embed-cards.md) read them.
 */
export function marketplaceItemsQuery(enabled = true) {
  return queryOptions({
    queryKey: CONTENT_QUERY_KEYS.portfolio,
    queryFn: ({ signal }) => apiGet<PortfolioItem[]>("/api/portfolio", signal),
    enabled,
  });
}

/** The items a card may show, as the public page reads them: public ones only. */
export function publicEmbeddedItems(items: readonly PortfolioItem[]): EmbeddedItems {
  return new Map(
    items
      .filter((item) => item.status === "published")
      .map((item) => [
        item.id,
        {
          id: item.id,
          title: item.title,
          slug: item.slug,
          packType: item.packType,
          marketplaceUrl: item.marketplaceUrl,
          featuredImage: item.featuredImage,
          featuredImageAlt: null,
        },
      ]),
  );
}
