import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MEDIA_QUERY_KEY } from "#app/components/media/media-api.ts";
import { apiGet, apiRequest } from "#app/lib/api-client.ts";
import type { MediaCleanupAnswer, MediaItem } from "#common/types/media.ts";

/** GET /api/media/cleanup: unused items older than `days` days, oldest first. */
export function useCleanupCandidates(days: number | null) {
  const path = `/api/media/cleanup?olderThanDays=${days ?? 0}`;
  return useQuery({
    queryKey: [...MEDIA_QUERY_KEY, "cleanup", days],
    queryFn: ({ signal }) => apiGet<{ items: MediaItem[]; total: number }>(path, signal),
    enabled: days !== null,
  });
}

/** POST /api/media/cleanup: deletes the listed items that are still unused. */
export function useCleanUpMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { olderThanDays: number; ids: string[] }) =>
      apiRequest<MediaCleanupAnswer>("/api/media/cleanup", { method: "POST", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY }),
  });
}
