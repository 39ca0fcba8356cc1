import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { postQueryKey, refreshContentQueries } from "#app/lib/content-queries.ts";
import type { Post } from "#common/types/post.ts";
import type { PostRequestBody } from "./create-post.ts";

export function updatePost({ id, body }: { id: string; body: PostRequestBody }): Promise<Post> {
  return apiRequest<Post>(`/api/posts/${encodeURIComponent(id)}`, { method: "PUT", body });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: (post) => {
      queryClient.setQueryData(postQueryKey(post.id), post);
      void refreshContentQueries(queryClient);
    },
  });
}
