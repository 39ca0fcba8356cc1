import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "#app/lib/cn.ts";
import { Button } from "./button.tsx";
import { cardVariants } from "./card.tsx";

type ConfirmOptions = {
  title: string;
  description: string;
  confirmLabel?: string;
  /** Destructive actions get a red button. */
  destructive?: boolean;
};

type PendingConfirm = ConfirmOptions & { resolve: (confirmed: boolean) => void };

const ConfirmContext = React.createContext<((options: ConfirmOptions) => Promise<boolean>) | null>(
  null,
);

/**
 * Asks a yes-or-no question in an accessible dialog (focus moves into it, Escape cancels) and
 * answers a promise, so a delete handler reads `if (!(await confirm(...))) return;`.
 */
export function ConfirmProvider({ children }: { children: React.ReactNode }) {
  const [pending, setPending] = React.useState<PendingConfirm | null>(null);

  const confirm = React.useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => setPending({ ...options, resolve })),
    [],
  );

  const settle = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AlertDialogPrimitive.Root
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) settle(false);
        }}
      >
        <AlertDialogPrimitive.Portal>
          <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/80 backdrop-blur-sm" />
          <AlertDialogPrimitive.Content
            data-slot="confirm-dialog"
            className={cn(
              cardVariants({ layout: "plain" }),
              "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 p-6 shadow-2xl",
            )}
          >
            <AlertDialogPrimitive.Title className="text-lg font-bold text-white">
              {pending?.title}
            </AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-sm text-zinc-300">
              {pending?.description}
            </AlertDialogPrimitive.Description>
            <div className="mt-2 flex justify-end gap-2">
              <AlertDialogPrimitive.Cancel asChild>
                <Button variant="secondary">Cancel</Button>
              </AlertDialogPrimitive.Cancel>
              <AlertDialogPrimitive.Action asChild>
                <Button
                  variant={pending?.destructive ? "destructive" : "primary"}
                  onClick={(event) => {
                    event.preventDefault();
                    settle(true);
                  }}
                >
                  {pending?.confirmLabel ?? "Confirm"}
                </Button>
              </AlertDialogPrimitive.Action>
            </div>
          </AlertDialogPrimitive.Content>
        </AlertDialogPrimitive.Portal>
      </AlertDialogPrimitive.Root>
    </ConfirmContext.Provider>
  );
}

/** Returns the function that asks for confirmation. */
export function useConfirm() {
  const confirm = React.useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm must be used inside <ConfirmProvider>");
  return confirm;
}
