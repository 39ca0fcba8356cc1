import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import { type ToastInput, useToast } from "#app/components/ui/toast.tsx";
import { isApiError } from "#app/lib/api-client.ts";

export type ConfirmDeleteOptions<T> = {
  /** The delete call: its mutation, given the item's id. */
  mutation: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  /** The question, naming the item; the confirm button says "Delete" unless told otherwise. */
  question: (item: T) => { title: string; description: string; confirmLabel?: string };
  /** The toast once it is deleted. */
  deleted: (item: T) => Omit<ToastInput, "variant">;
  /** The description of the error toast when it could not be deleted. */
  failed: (error: unknown) => string;
  /** After the toast of a delete that worked. */
  onDeleted?: (item: T) => void;
};

/**
 * Deleting an item from a dashboard list: asks first, naming the item, then deletes it and says
 * how it went in a toast. A 401 gets no toast of its own (the query client shows the sign-in
 * one). Every section's Delete and Remove buttons go through it.
 */
export function useConfirmDelete<T extends { id: string }>({
  mutation,
  question,
  deleted,
  failed,
  onDeleted,
}: ConfirmDeleteOptions<T>) {
  const toast = useToast();
  const confirm = useConfirm();

  async function confirmAndDelete(item: T) {
    const confirmed = await confirm({
      confirmLabel: "Delete",
      ...question(item),
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await mutation.mutateAsync(item.id);
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({ title: "Error", description: failed(error), variant: "destructive" });
      return;
    }
    toast(deleted(item));
    onDeleted?.(item);
  }

  return { confirmAndDelete, isDeleting: mutation.isPending };
}
