// `npm run backup -- --out FILE`: one archive with the database, the uploads and the session
// secret (docs/operations.md#backups-and-restore).
import { backupCommand } from "#server/maintenance/commands.server.ts";

process.exitCode = await backupCommand(process.argv.slice(2), process.env);
