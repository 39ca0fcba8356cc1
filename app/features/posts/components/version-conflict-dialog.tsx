import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { Button } from "#app/components/ui/button.tsx";
import { cardVariants } from "#app/components/ui/card.tsx";
import type { VersionConflict } from "#app/features/posts/api/autosave-post.ts";
import { cn } from "#app/lib/cn.ts";

/**
 * A save ran into someone else's (409, docs/decisions/008-editor-saves.md): the person chooses
 * to load their version (what they typed stays in the browser's safety net, offered back) or to
 * overwrite it with their own. Nothing is lost either way; closing decides nothing.
 */
export function VersionConflictDialog({
  conflict,
  onReload,
  onOverwrite,
  onClose,
}: {
  conflict: VersionConflict | null;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  return (
    <AlertDialogPrimitive.Root
      open={conflict !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/80 backdrop-blur-sm" />
        <AlertDialogPrimitive.Content
          className={cn(
            cardVariants({ layout: "plain" }),
            "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 p-6 shadow-2xl",
          )}
        >
          <AlertDialogPrimitive.Title className="text-lg font-bold text-white">
            This post was changed by someone else
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="text-sm text-zinc-300">
            {conflict?.message} Your changes are kept in this browser either way.
          </AlertDialogPrimitive.Description>
          <div className="mt-2 flex flex-wrap justify-end gap-2">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="secondary">Decide later</Button>
            </AlertDialogPrimitive.Cancel>
            <Button variant="outline" onClick={onReload}>
              Load their version
            </Button>
            <Button variant="destructive" onClick={onOverwrite}>
              Overwrite with mine
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
