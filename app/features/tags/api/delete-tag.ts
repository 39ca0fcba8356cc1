import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { refreshAfterTagChange, tagPath } from "./rename-tag.ts";

/** Removes `tag` from every post that carries it; the posts stay. */
export function deleteTag(tag: string): Promise<void> {
  return apiRequest<void>(tagPath(tag), { method: "DELETE" });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSettled: () => refreshAfterTagChange(queryClient),
  });
}
