import * as React from "react";
import type { Blocker } from "react-router";

/** The leave dialog's choice being carried out, if any. */
export type LeaveChoice = "update" | "keep" | "discard";

/**
 * The ways out of the editor of a public post whose changes are saved but not live
 * (docs/product/editor.md#leaving-the-editor): put them live now, keep them for later (anything
 * typed since the last autosave is saved first), or throw them away. Each goes on to where the
 * person was going once it has worked; one that fails (a refused Update) keeps them in the
 * editor, where the reason shows.
 */
export function useLeaveChoices({
  blocker,
  update,
  keep,
  discard,
}: {
  blocker: Blocker;
  update: () => Promise<boolean>;
  keep: () => Promise<boolean>;
  discard: () => Promise<boolean>;
}) {
  const [running, setRunning] = React.useState<LeaveChoice | null>(null);
  const latest = React.useRef(blocker);
  latest.current = blocker;

  async function choose(choice: LeaveChoice) {
    if (running !== null) return;
    setRunning(choice);
    try {
      // Kept changes that could not all be saved are still in this browser's copy.
      let done = true;
      if (choice === "update") done = await update();
      else if (choice === "discard") done = await discard();
      else await keep();
      const held = latest.current;
      if (held.state !== "blocked") return;
      if (done) held.proceed();
      else held.reset();
    } finally {
      setRunning(null);
    }
  }

  return { running, choose: (choice: LeaveChoice) => void choose(choice) };
}

export type LeaveChoices = ReturnType<typeof useLeaveChoices>;
