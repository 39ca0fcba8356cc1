import { createContext } from "react-router";
import type { Auth } from "./auth/auth.server.ts";
import type { Config } from "./config/env.server.ts";
import type { Db } from "./db/db.server.ts";
import type { PageScripts } from "./http/content-security-policy.server.ts";

/**
 * What the server answers requests with: the database, the configuration and sign-in. The API
 * routers, the access checks and the page loaders all take this one type; main.ts makes it once.
 */
export type ServerContext = { db: Db; config: Config; auth: Auth };

/** The server context, as page loaders and actions read it from React Router's context. */
export const serverContext = createContext<ServerContext>();

/**
 * How a page lists its inline scripts in its Content-Security-Policy (entry.server.tsx), or null
 * where there is no policy (development). Apart from the server context: it is per response.
 */
export const pageScriptsContext = createContext<PageScripts | null>(null);
