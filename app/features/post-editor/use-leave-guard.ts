import * as React from "react";
import { type BlockerFunction, useBlocker } from "react-router";

/** The navigation state of the editor's own change of address (it stays mounted). */
export const KEEP_EDITOR_STATE = { keepEditor: true } as const;

export function isEditorAddressChange(state: unknown): boolean {
  return typeof state === "object" && state !== null && "keepEditor" in state;
}

/**
 * Asks before changes are left behind (docs/product/editor.md#leaving-the-editor): a navigation
 * inside the site (a sidebar link, Back to Overview, the browser's back button) is held for the
 * leave dialog while the form holds `unsaved` changes or a public post has saved changes that are
 * `notLive`, and closing or reloading the tab gets the browser's own question while changes are
 * unsaved (saved ones wait on the server). Nothing is asked once `release` has been called: after
 * a successful save, the way to All Posts is free, and the sign-in redirect must not be stopped.
 */
export function useLeaveGuard({ unsaved, notLive }: { unsaved: boolean; notLive: boolean }) {
  const guarded = React.useRef(unsaved || notLive);
  const released = React.useRef(false);
  React.useEffect(() => {
    guarded.current = unsaved || notLive;
  }, [unsaved, notLive]);

  const shouldBlock = React.useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      guarded.current &&
      !released.current &&
      // The editor's own move to the address of the draft its first autosave created.
      !isEditorAddressChange(nextLocation.state) &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  React.useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);

  /** Lets the editor go without asking (after a save, or for the sign-in redirect). */
  const release = React.useCallback(() => {
    released.current = true;
  }, []);
  return { blocker, release };
}
