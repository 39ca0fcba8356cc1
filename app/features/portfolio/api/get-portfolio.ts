import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import { CONTENT_QUERY_KEYS } from "#app/lib/content-queries.ts";
import { retryOnce } from "#app/lib/query-client.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";

/**
 * How long the portfolio list is kept before it is fetched again
 * (docs/product/dashboard.md#dashboard-queries).
 */
export const PORTFOLIO_STALE_TIME_MS = 2 * 60 * 1000;

/** The portfolio items; staff get drafts and scheduled items too. */
export function getPortfolio(signal?: AbortSignal): Promise<PortfolioItem[]> {
  return apiGet<PortfolioItem[]>("/api/portfolio", signal);
}

export function portfolioQueryOptions() {
  return queryOptions({
    queryKey: CONTENT_QUERY_KEYS.portfolio,
    queryFn: ({ signal }) => getPortfolio(signal),
    staleTime: PORTFOLIO_STALE_TIME_MS,
    retry: retryOnce,
  });
}

export function usePortfolio() {
  return useQuery(portfolioQueryOptions());
}
