import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MEDIA_QUERY_KEY } from "#app/components/media/media-api.ts";
import { apiRequest, apiUpload } from "#app/lib/api-client.ts";
import { UPLOAD_IMAGE_FIELD } from "#common/constants.ts";
import type { MediaUpdateInput } from "#common/schemas/media.ts";
import type { MediaDetails } from "#common/types/media.ts";
import { mediaItemPath } from "./get-media-item.ts";

/** PATCH /api/media/{id}: the item's alt text and caption. */
export function updateMedia({ id, ...input }: MediaUpdateInput & { id: string }) {
  return apiRequest<MediaDetails>(mediaItemPath(id), { method: "PATCH", body: input });
}

/** PUT /api/media/{id}/file: a new file for the item; every use follows. */
export function replaceMediaFile({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.append(UPLOAD_IMAGE_FIELD, file);
  return apiUpload<MediaDetails>(`${mediaItemPath(id)}/file`, form, { method: "PUT" });
}

/** DELETE /api/media/{id}, taking it out of its uses first when `removeUses`. */
export function deleteMedia({ id, removeUses }: { id: string; removeUses: boolean }) {
  const query = removeUses ? "?removeUses=1" : "";
  return apiRequest<void>(`${mediaItemPath(id)}${query}`, { method: "DELETE" });
}

/** Each change refreshes every media query (pages, pickers, the details). */
function useMediaMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY }),
  });
}

export const useUpdateMedia = () => useMediaMutation(updateMedia);
export const useReplaceMediaFile = () => useMediaMutation(replaceMediaFile);
export const useDeleteMedia = () => useMediaMutation(deleteMedia);
