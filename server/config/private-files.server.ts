import { chmodSync, closeSync, openSync, statSync } from "node:fs";

/**
 * What the server writes holds secrets or unpublished content (the database with password
 * hashes and sessions, the session secret, mails with sign-in links, uploads of drafts): every
 * file it creates is its owner's alone, and so is every folder, whatever the umask. A umask only
 * removes bits, so these modes at creation are what the files get.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/**
 * Creates `file` empty and owner-only if it does not exist, and takes the group's and others'
 * bits off it (and off `companions`, such as SQLite's -wal and -shm) when they are there: a
 * file left by an earlier version or a wide umask is narrowed too. A file this process does
 * not own, or on a read-only disk, is left as it is.
 */
export function keepFilePrivate(file: string, companions: string[] = []): void {
  try {
    closeSync(openSync(file, "wx", PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  for (const each of [file, ...companions]) {
    try {
      const { mode } = statSync(each);
      if ((mode & 0o077) !== 0) chmodSync(each, mode & 0o700);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "EPERM" && code !== "EROFS") throw error;
    }
  }
}
