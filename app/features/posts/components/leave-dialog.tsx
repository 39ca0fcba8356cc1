import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { Blocker } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { cardVariants } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";

/**
 * "Leave without saving?" (docs/product.md#editor): shown while a navigation inside the site is
 * held because the form has unsaved changes. Stay (or Escape) cancels it; Leave lets it go on.
 * The copy this browser keeps is not dropped: the editor offers it back next time.
 */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const open = blocker.state === "blocked";
  return (
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && blocker.state === "blocked") blocker.reset();
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/80 backdrop-blur-sm" />
        <AlertDialogPrimitive.Content
          data-slot="leave-dialog"
          className={cn(
            cardVariants({ layout: "plain" }),
            "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 p-6 shadow-2xl",
          )}
        >
          <AlertDialogPrimitive.Title className="text-lg font-bold text-white">
            Leave without saving?
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="text-sm text-zinc-300">
            Your changes are not saved. This browser keeps a copy, and the editor offers it back the
            next time you open this post.
          </AlertDialogPrimitive.Description>
          <div className="mt-2 flex justify-end gap-2">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="secondary">Stay</Button>
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action asChild>
              <Button
                variant="destructive"
                onClick={(event) => {
                  event.preventDefault();
                  if (blocker.state === "blocked") blocker.proceed();
                }}
              >
                Leave
              </Button>
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
