import * as React from "react";

const subscribeToNothing = () => () => {};

/** False while a page is rendered on the server and hydrated, true once it runs in the browser. */
export function useHydrated(): boolean {
  return React.useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
