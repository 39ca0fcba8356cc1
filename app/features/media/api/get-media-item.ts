import { queryOptions, useQuery } from "@tanstack/react-query";
import { MEDIA_QUERY_KEY } from "#app/components/media/media-api.ts";
import { apiGet } from "#app/lib/api-client.ts";
import type { MediaDetails } from "#common/types/media.ts";

export const mediaItemPath = (id: string) => `/api/media/${encodeURIComponent(id)}`;

/** One media item with every place that uses it. */
export function mediaItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...MEDIA_QUERY_KEY, "item", id],
    queryFn: ({ signal }) => apiGet<MediaDetails>(mediaItemPath(id), signal),
  });
}

export function useMediaItem(id: string | null) {
  return useQuery({ ...mediaItemQueryOptions(id ?? ""), enabled: id !== null });
}
