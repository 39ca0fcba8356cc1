import type { Auth } from "#server/auth/auth.server.ts";
import type { Config } from "#server/config/env.server.ts";
import type { Db } from "#server/db/db.server.ts";

/** What the routers are built from. */
export type ApiDeps = { db: Db; config: Config; auth: Auth };
