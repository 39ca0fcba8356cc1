// `npm run restore -- FILE [--force]`: a backup into an empty DATA_DIR or database
// (docs/operations.md#backups-and-restore).
import { restoreCommand } from "#server/maintenance/commands.server.ts";

process.exitCode = await restoreCommand(process.argv.slice(2), process.env);
