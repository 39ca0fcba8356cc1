import { XIcon } from "lucide-react";
import * as React from "react";
import { cn } from "#app/lib/cn.ts";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** A link to follow from the toast ("View post"). */
  action?: { label: string; href: string };
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
  const dismiss = React.useCallback(() => setToast(null), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <section
        aria-label="Notifications"
        aria-live="polite"
        className="pointer-events-none fixed right-4 bottom-4 left-4 z-[60] flex justify-end sm:left-auto"
      >
        {toast ? <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} /> : null}
      </section>
    </ToastContext.Provider>
  );
}

/**
 * One toast. It leaves 5 seconds after it appears, or, while the pointer or the keyboard focus
 * is on it (to reach its link), 5 seconds after they leave.
 */
function ToastCard({ toast, onDismiss }: { toast: ToastState; onDismiss: () => void }) {
  const card = React.useRef<HTMLDivElement>(null);
  const [pointer, setPointer] = React.useState(false);
  const [focus, setFocus] = React.useState(false);

  React.useEffect(() => {
    const element = card.current;
    if (!element) return;
    const enter = () => setPointer(true);
    const leave = () => setPointer(false);
    const focusIn = () => setFocus(true);
    const focusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setFocus(false);
    };
    element.addEventListener("pointerenter", enter);
    element.addEventListener("pointerleave", leave);
    element.addEventListener("focusin", focusIn);
    element.addEventListener("focusout", focusOut);
    return () => {
      element.removeEventListener("pointerenter", enter);
      element.removeEventListener("pointerleave", leave);
      element.removeEventListener("focusin", focusIn);
      element.removeEventListener("focusout", focusOut);
    };
  }, []);

  const paused = pointer || focus;
  React.useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, onDismiss]);

  return (
    <div
      ref={card}
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
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
        {toast.action ? (
          <a
            href={toast.action.href}
            onClick={onDismiss}
            className="mt-2 inline-block text-sm font-semibold text-grass-300 underline underline-offset-2 hover:text-white"
          >
            {toast.action.label}
          </a>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded p-0.5 opacity-70 hover:opacity-100"
        aria-label="Dismiss notification"
      >
        <XIcon className="size-4" />
      </button>
    </div>
  );
}

/** Returns the function that shows a toast. */
export function useToast() {
  const show = React.useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <ToastProvider>");
  return show;
}
