import * as React from "react";

/** How often the shared clock moves on: often enough for "5 min ago" to stay right. */
export const NOW_TICK_MS = 30_000;

// One clock for every component that shows a time relative to now, so a list of a thousand
// cards runs one timer, not a thousand. It runs only while something reads it.
const listeners = new Set<() => void>();
let current: number | null = null;
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  current = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) timer = setInterval(tick, NOW_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(timer);
    timer = undefined;
    // Read afresh by whatever mounts next, not the time the clock stopped at.
    current = null;
  };
}

function getSnapshot(): number {
  current ??= Date.now();
  return current;
}

/** The server, and the browser while it hydrates, know no viewer's clock. */
function getServerSnapshot(): null {
  return null;
}

/**
 * The browser's current time, moving on every NOW_TICK_MS; null on the server and while the
 * page hydrates, so that both render the same markup and a relative time ("5 min ago") or a
 * local one appears only once the page runs in the browser.
 */
export function useNow(): Date | null {
  const now = React.useSyncExternalStore<number | null>(subscribe, getSnapshot, getServerSnapshot);
  return React.useMemo(() => (now === null ? null : new Date(now)), [now]);
}
