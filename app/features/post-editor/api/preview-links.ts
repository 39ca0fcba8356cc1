import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiRequest } from "#app/lib/api-client.ts";
import { postQueryKey } from "#app/lib/content-queries.ts";
import type { PreviewLinkDays } from "#common/constants.ts";
import type { NewPreviewLink, PreviewLink } from "#common/types/preview-link.ts";

// A post's preview links (docs/product/api.md#preview-links): the live ones, making one and
// revoking one. Each mutation refreshes the list.

function previewLinksPath(postId: string) {
  return `/api/posts/${encodeURIComponent(postId)}/preview-links`;
}

export function previewLinksQueryKey(postId: string) {
  return [...postQueryKey(postId), "preview-links"] as const;
}

export function getPreviewLinks(postId: string, signal?: AbortSignal): Promise<PreviewLink[]> {
  return apiGet<PreviewLink[]>(previewLinksPath(postId), signal);
}

export function usePreviewLinks(postId: string) {
  return useQuery({
    queryKey: previewLinksQueryKey(postId),
    queryFn: ({ signal }) => getPreviewLinks(postId, signal),
  });
}

export function createPreviewLink(postId: string, expiresInDays: PreviewLinkDays) {
  return apiRequest<NewPreviewLink>(previewLinksPath(postId), {
    method: "POST",
    body: { expiresInDays },
  });
}

export function revokePreviewLink(postId: string, linkId: string) {
  return apiRequest<void>(`${previewLinksPath(postId)}/${encodeURIComponent(linkId)}`, {
    method: "DELETE",
  });
}

export function useCreatePreviewLink(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: PreviewLinkDays) => createPreviewLink(postId, days),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: previewLinksQueryKey(postId) }),
  });
}

export function useRevokePreviewLink(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => revokePreviewLink(postId, linkId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: previewLinksQueryKey(postId) }),
  });
}
