import type { Auth } from "../auth/auth.server.ts";
import type { Config } from "../config/env.server.ts";
import type { Db } from "../db/db.server.ts";

/** What the routers are built from. */
export type ApiDeps = { db: Db; config: Config; auth: Auth };
