import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-client.ts";

/**
 * The dashboard's query client with the defaults of docs/product/dashboard.md#dashboard-queries:
 * data never goes stale, no retry, no refetch on window focus, no polling. Queries that deserve
 * other rules (stats, the portfolio) set them in their own query options. Any call that answers
 * 401, query or mutation, calls `onUnauthorized` once, here, rather than in every feature.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }) {
  const handle = (error: unknown) => {
    if (isApiError(error, 401)) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The "1 retry" of docs/product/dashboard.md#dashboard-queries (dashboard stats, the portfolio
 * list): one more try after a failure, except when the session is gone, which no retry can fix and
 * which must reach the sign-in redirect at once.
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isApiError(error, 401);
}
