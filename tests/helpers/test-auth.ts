import type { Auth } from "#server/auth/auth.server.ts";
import type { Config } from "#server/config/env.server.ts";
import { createServerContext } from "#server/create-context.server.ts";
import type { Db } from "#server/db/db.server.ts";

/**
 * Sign-in as a server process of this database and configuration has it (sending its mail
 * through a mailer of its own), for tests and fixtures that make logins without a server.
 */
export function testAuth(db: Db, config: Config): Auth {
  return createServerContext({ db, config }).auth;
}
