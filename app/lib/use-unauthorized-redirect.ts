import * as React from "react";
import { useToast } from "#app/components/ui/toast.tsx";

/**
 * How long the "logged out" toast shows before the browser goes to sign in
 * (docs/product/dashboard.md#dashboard-shell).
 */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/** Where a signed-out staff member is sent, coming back to where they were. */
export function loginUrlFor(returnTo: string): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Returns the function to call when the session is gone (a 401): it shows the 'Unauthorized'
 * toast and sends the browser to sign in 500 ms later (docs/product/dashboard.md#dashboard-shell).
 * Repeated calls while the redirect is pending do nothing more.
 */
export function useUnauthorizedRedirect(): () => void {
  const toast = useToast();
  const pending = React.useRef(false);
  return React.useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    toast({
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
      variant: "destructive",
    });
    setTimeout(() => {
      window.location.href = loginUrlFor(window.location.pathname + window.location.search);
    }, UNAUTHORIZED_REDIRECT_DELAY_MS);
  }, [toast]);
}
