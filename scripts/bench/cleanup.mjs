// What this run must undo however it ends: its servers, PostgreSQL schemas and temporary folder
// (clean-ups.mjs runs them newest first, also on Ctrl-C).
import { createCleanUps } from "./clean-ups.mjs";

export const { cleanups, cleanUp } = createCleanUps({
  stopping: "stopping the servers and removing temporary data",
});
