import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "#app/lib/cn.ts";
import { cardVariants } from "./card.tsx";

export const AlertDialogCancel = AlertDialogPrimitive.Cancel;
export const AlertDialogAction = AlertDialogPrimitive.Action;

/**
 * A question that must be answered before going on (focus moves into it, Escape cancels): the
 * overlay, the card, its title and description, then `children`, the buttons (wrap them in
 * AlertDialogCancel / AlertDialogAction, or handle their clicks). `onOpenChange(false)` is
 * called when it is dismissed.
 */
export function AlertDialogShell({
  open,
  onOpenChange,
  title,
  description,
  slot,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  /** `data-slot` of the card, for styling and tests. */
  slot?: string;
  children: React.ReactNode;
}) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/80 backdrop-blur-sm" />
        <AlertDialogPrimitive.Content
          data-slot={slot}
          className={cn(
            cardVariants({ layout: "plain" }),
            "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 p-6 shadow-2xl",
          )}
        >
          <AlertDialogPrimitive.Title className="text-lg font-bold text-white">
            {title}
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="text-sm text-zinc-300">
            {description}
          </AlertDialogPrimitive.Description>
          <div className="mt-2 flex flex-wrap justify-end gap-2">{children}</div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
