import { XIcon } from "lucide-react";
import * as React from "react";
import { cn } from "#app/lib/cn.ts";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};

type ToastState = ToastInput & { id: number };

const ToastContext = React.createContext<((toast: ToastInput) => void) | null>(null);

/** How long a toast stays before it goes away by itself. */
const TOAST_DURATION_MS = 5000;

/**
 * Shows at most one toast at a time (docs/product.md#toasts): a new toast replaces the current one.
 * Announced to screen readers through a live region.
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = React.useState<ToastState | null>(null);
  const nextId = React.useRef(0);

  const show = React.useCallback((input: ToastInput) => {
    nextId.current += 1;
    setToast({ ...input, id: nextId.current });
  }, []);

  React.useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <section
        aria-label="Notifications"
        aria-live="polite"
        className="pointer-events-none fixed right-4 bottom-4 left-4 z-[60] flex justify-end sm:left-auto"
      >
        {toast ? (
          <div
            key={toast.id}
            role={toast.variant === "destructive" ? "alert" : "status"}
            data-slot="toast"
            data-variant={toast.variant ?? "default"}
            className={cn(
              "pointer-events-auto flex w-full max-w-sm animate-toast-in items-start gap-3 rounded-lg p-4 shadow-2xl ring-1",
              toast.variant === "destructive"
                ? "bg-redstone-700 text-white ring-redstone-500"
                : "bg-night-800 text-zinc-100 ring-night-600",
            )}
          >
            <div className="flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description ? (
                <p className="mt-1 text-sm opacity-90">{toast.description}</p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => setToast(null)}
              className="rounded p-0.5 opacity-70 hover:opacity-100"
              aria-label="Dismiss notification"
            >
              <XIcon className="size-4" />
            </button>
          </div>
        ) : null}
      </section>
    </ToastContext.Provider>
  );
}

/** Returns the function that shows a toast. */
export function useToast() {
  const show = React.useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <ToastProvider>");
  return show;
}
