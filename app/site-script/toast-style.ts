// How a toast looks and how long it stays (docs/product/dashboard.md#toasts), shared by the React
// toast (app/components/ui/toast.tsx, on the pages React hydrates) and the site script's
// (toast.client.ts, on the pages it does not), so a toast reads and behaves the same on both.

/** How long a toast stays before it goes away by itself. */
export const TOAST_DURATION_MS = 5000;

/** The accessible name of the live region toasts appear in. */
export const TOAST_REGION_LABEL = "Notifications";

/** The live region toasts appear in: bottom right, full width on a phone. */
export const TOAST_REGION_CLASS =
  "pointer-events-none fixed right-4 bottom-4 left-4 z-[60] flex justify-end sm:left-auto";

export type ToastVariant = "default" | "destructive";

/** The toast's card; failures are red. */
export function toastClass(variant: ToastVariant = "default"): string {
  return `pointer-events-auto flex w-full max-w-sm animate-toast-in items-start gap-3 rounded-lg p-4 shadow-2xl ring-1 ${
    variant === "destructive"
      ? "bg-redstone-700 text-white ring-redstone-500"
      : "bg-night-800 text-zinc-100 ring-night-600"
  }`;
}

/** A failure interrupts a screen reader (an alert); anything else waits its turn (a status). */
export function toastRole(variant: ToastVariant = "default"): "alert" | "status" {
  return variant === "destructive" ? "alert" : "status";
}

export const TOAST_TEXT_CLASS = "flex-1";
export const TOAST_TITLE_CLASS = "font-semibold";
export const TOAST_DESCRIPTION_CLASS = "mt-1 text-sm opacity-90";
export const TOAST_ACTION_CLASS =
  "mt-2 inline-block text-sm font-semibold text-grass-300 underline underline-offset-2 hover:text-white";

export const TOAST_DISMISS_LABEL = "Dismiss notification";
export const TOAST_DISMISS_CLASS = "rounded p-0.5 opacity-70 hover:opacity-100";
/** The dismiss button's X icon. */
export const TOAST_DISMISS_ICON_CLASS = "size-4";
