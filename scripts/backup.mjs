// `npm run backup -- --out FILE`: one archive with the database, the uploads and the session
// secret (docs/operations.md#backups-and-restore).
import { runMaintenance } from "./lib/maintenance.mjs";

await runMaintenance("backupCommand");
