// `npm run restore -- FILE [--force]`: a backup into an empty DATA_DIR or database
// (docs/operations.md#backups-and-restore).
import { runMaintenance } from "./lib/maintenance.mjs";

await runMaintenance("restoreCommand");
