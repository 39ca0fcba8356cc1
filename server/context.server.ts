import { createContext } from "react-router";
import type { Auth } from "./auth/auth.server.ts";
import type { Config } from "./config/env.server.ts";
import type { Db } from "./db/db.server.ts";
import type { PageScripts } from "./http/content-security-policy.server.ts";
import type { BackgroundJobs } from "./jobs/background-jobs.server.ts";
import type { ConfirmationSender } from "./jobs/confirmation-sender.server.ts";
import type { Mailer } from "./mail/mailer.server.ts";
import type { UploadStore } from "./storage/upload-store.server.ts";

/**
 * What the server answers requests with: the database, the configuration, sign-in, and the
 * process's services. The API routers, the access checks and the page loaders all take this one
 * type; main.ts makes it once at start-up (create-context.server.ts), and tests make their own.
 */
export type ServerContext = {
  db: Db;
  config: Config;
  auth: Auth;
  /** Where the site's e-mail goes: the SMTP server, or the outbox folder. */
  mailer: Mailer;
  /** The double opt-in mails, queued by requests and imports and sent after the answer. */
  confirmations: ConfirmationSender;
  /** The uploaded files: DATA_DIR/uploads, or the bucket (STORAGE=s3). */
  uploads: UploadStore;
  /** The process's background jobs: started once the server listens, stopped at shutdown. */
  jobs: BackgroundJobs;
};

/** The server context, as page loaders and actions read it from React Router's context. */
export const serverContext = createContext<ServerContext>();

/**
 * How a page lists its inline scripts in its Content-Security-Policy (entry.server.tsx), or null
 * where there is no policy (development). Apart from the server context: it is per response.
 */
export const pageScriptsContext = createContext<PageScripts | null>(null);
