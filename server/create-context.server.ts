import { type AuthDeps, createAuth } from "./auth/auth.server.ts";
import type { Config } from "./config/env.server.ts";
import type { ServerContext } from "./context.server.ts";
import type { Db } from "./db/db.server.ts";
import { dbKindOf } from "./db/dialect.server.ts";
import { backgroundJobs } from "./jobs/background-jobs.server.ts";
import { createConfirmationSender } from "./jobs/confirmation-sender.server.ts";
import { createMailer, type Mailer } from "./mail/mailer.server.ts";
import { openUploadStore, type UploadStore } from "./storage/upload-store.server.ts";

export type ServerContextOptions = {
  db: Db;
  config: Config;
  /** The mailer; by default one made from the configuration (SMTP_URL, or the outbox). */
  mailer?: Mailer;
  /** The upload store; by default the one the configuration names (the disk, or a bucket). */
  uploads?: UploadStore;
  /** Sign-in's limits and password hashing, where a test wants its own. */
  auth?: Pick<AuthDeps, "signInThrottle" | "passwordHashing">;
  /** The clock the confirmation mails' per-address limits count by, where a test moves time. */
  confirmationClock?: () => number;
};

/**
 * The server context of one process, its services made once: the mailer, the sign-in that
 * mails reset links through it, the confirmation mails' queue, the upload store and the
 * background jobs (made, not started). main.ts calls it at start-up; tests call it with their own
 * mailer or store where they need one.
 */
export function createServerContext({
  db,
  config,
  mailer = createMailer(config),
  uploads = openUploadStore(config.storage, config.dataDir),
  auth: authOptions,
  confirmationClock,
}: ServerContextOptions): ServerContext {
  const auth = createAuth({ db, kind: dbKindOf(db), config, mailer, ...authOptions });
  const confirmations = createConfirmationSender({ db, config, mailer, now: confirmationClock });
  const jobs = backgroundJobs({ db, config, confirmations });
  return { db, config, auth, mailer, confirmations, uploads, jobs };
}
