// `npm run migrate-to-postgres -- --to postgres://…`: the SQLite database into an empty
// PostgreSQL one (docs/operations.md#from-sqlite-to-postgresql).
import { migrateToPostgresCommand } from "#server/maintenance/commands.server.ts";

process.exitCode = await migrateToPostgresCommand(process.argv.slice(2), process.env);
