import pg from "pg";

/** Drops the PostgreSQL server's schema (playwright.config.ts made it for this run). */
export default async function globalTeardown() {
  const schema = process.env.E2E_PG_SCHEMA;
  const url = process.env.TEST_DATABASE_URL;
  if (!schema || !url || !/^e2e_[a-z0-9_]+$/.test(schema)) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}
