import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { refreshContentQueries } from "#app/lib/content-queries.ts";
import type { TagChangeAnswer } from "#common/types/tag.ts";
import { tagsQueryKey } from "./get-tags.ts";

/** The path of one tag's calls. */
export function tagPath(tag: string): string {
  return `/api/tags/${encodeURIComponent(tag)}`;
}

/** Renames `tag` to `name` on every post; a name that is already a tag merges the two. */
export function renameTag({ tag, name }: { tag: string; name: string }): Promise<TagChangeAnswer> {
  return apiRequest<TagChangeAnswer>(tagPath(tag), { method: "PUT", body: { name } });
}

/**
 * After any change of a tag (also a failed one, which may mean someone else changed it): the
 * tags and every content list, whose posts' tags changed.
 */
export function refreshAfterTagChange(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tagsQueryKey }),
    refreshContentQueries(queryClient),
  ]).then(() => undefined);
}

export function useRenameTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameTag,
    onSettled: () => refreshAfterTagChange(queryClient),
  });
}
