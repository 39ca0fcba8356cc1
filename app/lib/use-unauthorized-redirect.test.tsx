import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  loginUrlFor,
  UNAUTHORIZED_REDIRECT_DELAY_MS,
  useUnauthorizedRedirect,
} from "./use-unauthorized-redirect.ts";

const toast = vi.fn();
vi.mock("#app/components/ui/toast.tsx", () => ({ useToast: () => toast }));

/** A stand-in for window.location: where the page is, and where it was sent. */
const location = { pathname: "/dashboard/employees", search: "?page=2", href: "" };

function render(): () => void {
  let onUnauthorized: (() => void) | undefined;
  function Probe() {
    onUnauthorized = useUnauthorizedRedirect();
    return null;
  }
  renderToString(<Probe />);
  if (!onUnauthorized) throw new Error("The hook did not run.");
  return onUnauthorized;
}

describe("useUnauthorizedRedirect", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toast.mockClear();
    location.href = "";
    vi.stubGlobal("window", { location });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the 'Unauthorized' toast at once and goes to sign in exactly 500 ms later, coming back", () => {
    const onUnauthorized = render();
    onUnauthorized();
    expect(toast).toHaveBeenCalledWith({
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
      variant: "destructive",
    });
    expect(UNAUTHORIZED_REDIRECT_DELAY_MS).toBe(500);
    vi.advanceTimersByTime(499);
    expect(location.href).toBe("");
    vi.advanceTimersByTime(1);
    expect(location.href).toBe(loginUrlFor("/dashboard/employees?page=2"));
    expect(location.href).toBe("/api/login?returnTo=%2Fdashboard%2Femployees%3Fpage%3D2");
  });

  it("does nothing more when called again while the redirect is pending", () => {
    const onUnauthorized = render();
    onUnauthorized();
    onUnauthorized();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(1);
  });
});
