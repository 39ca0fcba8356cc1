import { useConfirmDelete } from "#app/components/dashboard/use-confirm-delete.ts";
import { errorMessage } from "#app/lib/api-client.ts";
import type { Post } from "#common/types/post.ts";
import { useDeletePost } from "./api/delete-post.ts";

/** Deleting a post from any dashboard list of posts (the content lists and YouTube Videos). */
export function useConfirmDeletePost() {
  return useConfirmDelete<Pick<Post, "id" | "title">>({
    mutation: useDeletePost(),
    question: (post) => ({
      title: "Delete this post?",
      description: `Are you sure you want to delete "${post.title}"? This action cannot be undone.`,
    }),
    deleted: () => ({
      title: "Post deleted",
      description: "The post has been successfully deleted.",
    }),
    failed: (error) => errorMessage(error, "Failed to delete the post. Please try again."),
  });
}
