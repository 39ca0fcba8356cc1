import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { OutboxEntry, OutboxMessage } from "#common/types/outbox.ts";
import type { Paged } from "#common/types/post-list.ts";

/** How many messages a page of the outbox shows. */
export const OUTBOX_PAGE_SIZE = 25;

export function outboxPageOptions(page: number) {
  return queryOptions({
    queryKey: ["/api/outbox", page] as const,
    queryFn: ({ signal }) =>
      apiGet<Paged<OutboxEntry>>(`/api/outbox?page=${page}&limit=${OUTBOX_PAGE_SIZE}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxPage(page: number) {
  return useQuery(outboxPageOptions(page));
}

export function useOutboxMessage(file: string | null) {
  return useQuery({
    queryKey: ["/api/outbox/message", file] as const,
    queryFn: ({ signal }) =>
      apiGet<OutboxMessage>(`/api/outbox/${encodeURIComponent(file ?? "")}`, signal),
    enabled: file !== null,
  });
}
