import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import { CONTENT_QUERY_KEYS } from "#app/lib/content-queries.ts";
import { retryOnce } from "#app/lib/query-client.ts";
import type { PortfolioRow } from "#common/types/portfolio-item.ts";
import type { Paged } from "#common/types/post-list.ts";

/**
 * How long a page of the portfolio is kept before it is fetched again
 * (docs/product/dashboard.md#dashboard-queries).
 */
export const PORTFOLIO_STALE_TIME_MS = 2 * 60 * 1000;

/**
 * One page of the Marketplace table, any status (staff only); `query` is the call's query
 * string (page, sort, q, packType, status), which always names the page.
 */
export function getPortfolioPage(
  query: string,
  signal?: AbortSignal,
): Promise<Paged<PortfolioRow>> {
  return apiGet<Paged<PortfolioRow>>(`/api/portfolio?${query}`, signal);
}

/**
 * Keyed under the portfolio key, so whatever refreshes the content lists after a save, a delete
 * or a bulk action refreshes every page too.
 */
export function portfolioPageQueryOptions(query: string) {
  return queryOptions({
    queryKey: [...CONTENT_QUERY_KEYS.portfolio, "page", query],
    queryFn: ({ signal }) => getPortfolioPage(query, signal),
    staleTime: PORTFOLIO_STALE_TIME_MS,
    retry: retryOnce,
    // Another page, sort or filter keeps the rows on screen until the next ones are here.
    placeholderData: keepPreviousData,
  });
}

export function usePortfolioPage(query: string) {
  return useQuery(portfolioPageQueryOptions(query));
}
