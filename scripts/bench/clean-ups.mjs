// Shared by the benchmark scripts (bench/index.mjs, lighthouse.mjs): what a run must undo however
// it ends, and how its errors read.

/**
 * A list of clean-ups (servers, browsers, temporary folders, database schemas) and `cleanUp`,
 * which runs them newest first, once; a failure is reported and the rest still run. SIGINT and
 * SIGTERM print `stopping` (what is being undone), clean up and exit with 130.
 */
export function createCleanUps({ stopping }) {
  /** @type {{ label: string, fn: () => unknown }[]} */
  const cleanups = [];
  let cleaningUp = null;

  function cleanUp() {
    cleaningUp ??= (async () => {
      while (cleanups.length > 0) {
        const { label, fn } = cleanups.pop();
        try {
          await fn();
        } catch (error) {
          console.error(`Clean-up failed (${label}): ${describeError(error)}`);
        }
      }
    })();
    return cleaningUp;
  }

  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, async () => {
      console.error(`\n${signal} received: ${stopping}.`);
      await cleanUp();
      process.exit(130);
    });
  }

  return { cleanups, cleanUp };
}

/** An error's message; each of an AggregateError's own errors (a failed connect tries several). */
export function describeError(error) {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map(describeError).join("; ");
  }
  return error instanceof Error ? error.message || error.name : String(error);
}
