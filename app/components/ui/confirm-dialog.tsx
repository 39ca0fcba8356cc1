import * as React from "react";
import { AlertDialogAction, AlertDialogCancel, AlertDialogShell } from "./alert-dialog.tsx";
import { Button } from "./button.tsx";

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
      <AlertDialogShell
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) settle(false);
        }}
        slot="confirm-dialog"
        title={pending?.title}
        description={pending?.description}
      >
        <AlertDialogCancel asChild>
          <Button variant="secondary">Cancel</Button>
        </AlertDialogCancel>
        <AlertDialogAction asChild>
          <Button
            variant={pending?.destructive ? "destructive" : "primary"}
            onClick={(event) => {
              event.preventDefault();
              settle(true);
            }}
          >
            {pending?.confirmLabel ?? "Confirm"}
          </Button>
        </AlertDialogAction>
      </AlertDialogShell>
    </ConfirmContext.Provider>
  );
}

/** Returns the function that asks for confirmation. */
export function useConfirm() {
  const confirm = React.useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm must be used inside <ConfirmProvider>");
  return confirm;
}
