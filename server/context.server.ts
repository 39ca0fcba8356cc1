import { createContext } from "react-router";
import type { Config } from "./config/env.server.ts";
import type { Db } from "./db/db.server.ts";

/** What every page loader and action receives from the Express server. */
export type AppContext = {
  db: Db;
  config: Config;
  /** The Content-Security-Policy nonce of this response. */
  nonce: string;
};

export const appContext = createContext<AppContext>();
