import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import { postQueryKey, refreshContentQueries } from "#app/lib/content-queries.ts";
import { MAX_LIST_LIMIT } from "#common/constants.ts";
import type { Post, PostSummary } from "#common/types/post.ts";
import { createPost, type PostRequestBody } from "./create-post.ts";
import { updatePost } from "./update-post.ts";

export type SavedPortfolioItem = { post: Post; created: boolean };

/**
 * The marketplace-content post a portfolio item is saved into
 * (docs/product/editor.md#editor, docs/product/departures.md#portfolio-save-by-id): the one being
 * edited, else one with the same slug, else one with the same title; null for none. Looking for the
 * edited post first keeps a renamed item from turning into a second post.
 */
export function findPortfolioPost(
  posts: readonly PostSummary[],
  { id, slug, title }: { id: string | null; slug: string; title: string },
): PostSummary | null {
  const marketplace = posts.filter((post) => post.category === "marketplace-content");
  return (
    (id ? marketplace.find((post) => post.id === id) : undefined) ??
    marketplace.find((post) => post.slug === slug) ??
    marketplace.find((post) => post.title === title) ??
    null
  );
}

/**
 * Saves a portfolio item: looks for its post in GET /api/posts/public (staff see every status
 * there), then PUT /api/posts/{id} when found, POST /api/posts otherwise.
 */
export async function savePortfolioItem({
  id,
  body,
}: {
  id: string | null;
  body: PostRequestBody;
}): Promise<SavedPortfolioItem> {
  const posts = await apiGet<PostSummary[]>(`/api/posts/public?limit=${MAX_LIST_LIMIT}`);
  const existing = findPortfolioPost(posts, {
    id,
    slug: body.slug ?? "",
    title: body.title ?? "",
  });
  if (existing) return { post: await updatePost({ id: existing.id, body }), created: false };
  return { post: await createPost(body), created: true };
}

export function useSavePortfolioItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePortfolioItem,
    onSuccess: ({ post }) => {
      queryClient.setQueryData(postQueryKey(post.id), post);
      void refreshContentQueries(queryClient);
    },
  });
}
