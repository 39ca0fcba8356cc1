import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon } from "lucide-react";
import type { AutosaveState } from "#app/features/post-editor/autosave-scheduler.ts";
import { savedTimeLabel } from "#app/lib/saved-time.ts";

/**
 * The words the indicator shows for a state; null shows nothing. A public post's changes are
 * saved but `notLive` until Update, and the indicator says so.
 */
export function autosaveLabel(state: AutosaveState, notLive = false): string | null {
  switch (state.kind) {
    case "idle":
      return notLive ? "Changes saved, not live until Update" : null;
    case "saved":
      return `Saved ${savedTimeLabel(state.at)}${notLive ? " · not live until Update" : ""}`;
    case "unsaved":
      return "Unsaved changes";
    case "saving":
      return "Saving...";
    case "retrying":
      return "Not saved: retrying";
    case "invalid":
      return `Not saved: ${state.reason}`;
    case "conflict":
      return "Not saved: someone else saved this post";
    case "stopped":
      return `Not saved: ${state.reason}`;
  }
}

/**
 * The quiet autosave indicator in the editor's header. A live region that is polite, so a
 * screen reader hears "Saved 12:04" without being interrupted while typing.
 */
export function AutosaveStatus({ state, notLive }: { state: AutosaveState; notLive: boolean }) {
  const label = autosaveLabel(state, notLive);
  const problem =
    state.kind === "retrying" ||
    state.kind === "invalid" ||
    state.kind === "conflict" ||
    state.kind === "stopped";
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="autosave-status"
      data-state={state.kind}
      className={`flex min-h-5 items-center gap-1.5 text-sm ${problem ? "text-gold-300" : "text-zinc-400"}`}
    >
      {label === null ? null : (
        <>
          {state.kind === "saving" ? (
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
          ) : problem ? (
            <CircleAlertIcon aria-hidden="true" className="size-4" />
          ) : state.kind === "saved" ? (
            <CircleCheckIcon aria-hidden="true" className="size-4 text-grass-400" />
          ) : null}
          {label}
        </>
      )}
    </p>
  );
}
