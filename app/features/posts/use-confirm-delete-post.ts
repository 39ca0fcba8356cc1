import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import type { Post } from "#common/types/post.ts";
import { useDeletePost } from "./api/delete-post.ts";

/**
 * Deleting a post from any dashboard list: asks first, naming the post, then deletes it and
 * says how it went. A 401 gets no toast of its own (the query client shows the sign-in one).
 */
export function useConfirmDeletePost() {
  const toast = useToast();
  const confirm = useConfirm();
  const remove = useDeletePost();

  async function confirmAndDelete(post: Pick<Post, "id" | "title">) {
    const confirmed = await confirm({
      title: "Delete this post?",
      description: `Are you sure you want to delete "${post.title}"? This action cannot be undone.`,
      confirmLabel: "Delete",
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(post.id);
      toast({ title: "Post deleted", description: "The post has been successfully deleted." });
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to delete the post. Please try again."),
        variant: "destructive",
      });
    }
  }

  return { confirmAndDelete, isDeleting: remove.isPending };
}
