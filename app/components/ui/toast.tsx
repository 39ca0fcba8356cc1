import { XIcon } from "lucide-react";
import * as React from "react";
import {
  TOAST_ACTION_CLASS,
  TOAST_DESCRIPTION_CLASS,
  TOAST_DISMISS_CLASS,
  TOAST_DISMISS_ICON_CLASS,
  TOAST_DISMISS_LABEL,
  TOAST_DURATION_MS,
  TOAST_REGION_CLASS,
  TOAST_REGION_LABEL,
  TOAST_TEXT_CLASS,
  TOAST_TITLE_CLASS,
  type ToastVariant,
  toastClass,
  toastRole,
} from "#app/site-script/toast-style.ts";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** A link to follow from the toast ("View post"). */
  action?: { label: string; href: string };
};

type ToastState = ToastInput & { id: number };

const ToastContext = React.createContext<((toast: ToastInput) => void) | null>(null);

/**
 * Shows at most one toast at a time (docs/product/dashboard.md#toasts): a new toast replaces the
 * current one. Announced to screen readers through a live region. Pages React does not hydrate show
 * theirs in the same region with the site script (app/site-script/toast.client.ts), which looks and
 * times them by the same settings (toast-style.ts).
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
      <section aria-label={TOAST_REGION_LABEL} aria-live="polite" className={TOAST_REGION_CLASS}>
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
      role={toastRole(toast.variant)}
      data-slot="toast"
      data-variant={toast.variant ?? "default"}
      className={toastClass(toast.variant)}
    >
      <div className={TOAST_TEXT_CLASS}>
        <p className={TOAST_TITLE_CLASS}>{toast.title}</p>
        {toast.description ? <p className={TOAST_DESCRIPTION_CLASS}>{toast.description}</p> : null}
        {toast.action ? (
          <a href={toast.action.href} onClick={onDismiss} className={TOAST_ACTION_CLASS}>
            {toast.action.label}
          </a>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className={TOAST_DISMISS_CLASS}
        aria-label={TOAST_DISMISS_LABEL}
      >
        <XIcon className={TOAST_DISMISS_ICON_CLASS} />
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
