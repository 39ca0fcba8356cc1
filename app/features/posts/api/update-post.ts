import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "~/lib/api-client";
import { refreshContentQueries } from "~/lib/content-queries";
import type { Post } from "../../../../common/types/post";
import type { PostRequestBody } from "./create-post";
import { postQueryKey } from "./get-post";

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
