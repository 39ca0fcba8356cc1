import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { anySending, SENDING_POLL_MS } from "#app/features/newsletters/sending-progress.ts";
import { apiGet } from "#app/lib/api-client.ts";
import type { NewsletterSending, NewsletterSendingDetail } from "#common/types/newsletter.ts";
import type { Paged } from "#common/types/post-list.ts";

/** Every newsletter query starts with it, so starting a sending refreshes them all. */
export const newslettersQueryKey = ["newsletters"] as const;

/** How many sendings a page of the Newsletters section shows. */
export const SENDINGS_PAGE_SIZE = 20;

export function getSendingPage(
  page: number,
  signal?: AbortSignal,
): Promise<Paged<NewsletterSending>> {
  return apiGet<Paged<NewsletterSending>>(
    `/api/newsletter-sendings?page=${page}&limit=${SENDINGS_PAGE_SIZE}`,
    signal,
  );
}

export function sendingPageOptions(page: number) {
  return queryOptions({
    queryKey: [...newslettersQueryKey, "sendings", page],
    queryFn: ({ signal }) => getSendingPage(page, signal),
    placeholderData: keepPreviousData,
    // Asked again every 2 s while any sending on the page is under way, and not after.
    refetchInterval: (query) => (anySending(query.state.data?.items) ? SENDING_POLL_MS : false),
  });
}

/** One page of sendings, newest first, kept fresh while one is under way. */
export function useSendingPage(page: number) {
  return useQuery(sendingPageOptions(page));
}

/** One sending with its failures, kept fresh while it is under way; read while `id` is set. */
export function useSending(id: string | null) {
  return useQuery({
    queryKey: [...newslettersQueryKey, "sending", id],
    queryFn: ({ signal }) =>
      apiGet<NewsletterSendingDetail>(
        `/api/newsletter-sendings/${encodeURIComponent(id ?? "")}`,
        signal,
      ),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === "sending" ? SENDING_POLL_MS : false),
  });
}
