import type { Kysely } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// Leases of background jobs, so a job runs in one server process at a time when several share
// the database (server/jobs/job-lease.server.ts). SQLite takes a job's lease here with one
// conditional statement; PostgreSQL uses an advisory lock instead and leaves the table empty. It
// exists on both so the two schemas stay the same.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));
  await db.schema
    .createTable("job_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expiresAt", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_leases").ifExists().execute();
}
