import { createContext } from "react-router";
import type { Auth } from "./auth/auth.server.ts";
import type { Config } from "./config/env.server.ts";
import type { Db } from "./db/db.server.ts";

/**
 * What the server answers requests with: the database, the configuration and sign-in. The API
 * routers, the access checks and the page loaders all take this one type; main.ts makes it once.
 */
export type ServerContext = { db: Db; config: Config; auth: Auth };

/** The server context, as page loaders and actions read it from React Router's context. */
export const serverContext = createContext<ServerContext>();

/**
 * The Content-Security-Policy nonce of one page response, for entry.server.tsx. It is apart
 * from the server context because it changes with every response.
 */
export const nonceContext = createContext<string>();
