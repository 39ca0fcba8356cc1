// `npm run migrate-to-postgres -- --to postgres://…`: the SQLite database into an empty
// PostgreSQL one (docs/operations.md#from-sqlite-to-postgresql).
import { runMaintenance } from "./lib/maintenance.mjs";

await runMaintenance("migrateToPostgresCommand");
