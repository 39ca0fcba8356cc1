import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";

/** better-auth's timestamp columns; PostgreSQL rows carry them as ISO strings (db.server.ts). */
const TIMESTAMP_COLUMNS = new Set([
  "createdAt",
  "updatedAt",
  "expiresAt",
  "accessTokenExpiresAt",
  "refreshTokenExpiresAt",
]);

/**
 * Our PostgreSQL pool hands timestamps back as ISO strings so rows look the same on both
 * databases; better-auth expects Date objects from a PostgreSQL adapter and compares them with
 * `<`, which silently fails on strings (an expired session would never expire). This plugin,
 * applied only to better-auth's view of the shared Kysely instance, turns them back into Dates.
 * On SQLite better-auth does the conversion itself.
 */
export class TimestampsAsDates implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs) {
    for (const row of args.result.rows as Record<string, unknown>[]) {
      for (const [key, value] of Object.entries(row)) {
        if (typeof value === "string" && TIMESTAMP_COLUMNS.has(key)) row[key] = new Date(value);
      }
    }
    return args.result;
  }
}
