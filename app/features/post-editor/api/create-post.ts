import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { postQueryKey, refreshContentQueries } from "#app/lib/content-queries.ts";
import type { PostInput } from "#common/schemas/post.ts";
import type { Post } from "#common/types/post.ts";

/** The body of POST and PUT /api/posts: the validated form (docs/product/api.md#staff-calls). */
export type PostRequestBody = Partial<PostInput>;

export function createPost(body: PostRequestBody): Promise<Post> {
  return apiRequest<Post>("/api/posts", { method: "POST", body });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      queryClient.setQueryData(postQueryKey(post.id), post);
      // Not awaited: the lists refetch in the background while the editor moves on.
      void refreshContentQueries(queryClient);
    },
  });
}
