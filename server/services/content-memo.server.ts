/**
 * A short memory, per process, of what the public pages show every visitor alike: a list's
 * first pages and count, the studio tabs' counts, the apps in the navigation
 * (docs/decisions/014-list-memo.md). Counting grows with the posts; remembering the answer for
 * a moment makes a page render cost the same at 100 posts and at 10,000.
 *
 * How stale an answer may be:
 * - a write through this process (any successful POST, PUT, PATCH or DELETE, the response cache
 *   on or off) forgets everything at once (`forgetContent`, called by the app);
 * - anything else (a scheduled post whose time comes, a write by another process on the same
 *   database, a job) shows within CONTENT_MEMO_LIFETIME_MS, the age of the oldest answer kept.
 *
 * Answers are kept as promises, so visitors arriving while one is being read share that read;
 * a read that fails is not kept. Staff (a session cookie) are meant to bypass it: they see drafts
 * and expect their changes at once.
 */

/** How long an answer is reused: the bound on everything the memo may show late. */
export const CONTENT_MEMO_LIFETIME_MS = 250;

/**
 * At most this many answers are kept; the oldest goes first. Each is a count or a page of
 * cards (at most a few KB: a card carries no HTML), so the memo holds at most about 2 MB.
 */
export const CONTENT_MEMO_MAX_ENTRIES = 256;

export type ContentMemoOptions = {
  lifetimeMs?: number;
  maxEntries?: number;
  /** The clock lifetimes are counted by (milliseconds, as Date.now). */
  now?: () => number;
};

export type ContentMemo = {
  /** The kept answer for `key`, or `read()`'s, kept for the memo's lifetime. */
  remember<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** Forgets every answer. */
  forget(): void;
  /** How many answers are kept now (expired ones included until they are asked for or pushed out). */
  readonly size: number;
};

type Entry = { expires: number; value: Promise<unknown> };

export function createContentMemo({
  lifetimeMs = CONTENT_MEMO_LIFETIME_MS,
  maxEntries = CONTENT_MEMO_MAX_ENTRIES,
  now = Date.now,
}: ContentMemoOptions = {}): ContentMemo {
  // Replaced, never emptied in place: a read begun before `forget` settles into the old map,
  // so what it read before a write is never kept after it.
  let entries = new Map<string, Entry>();
  return {
    remember<T>(key: string, read: () => Promise<T>): Promise<T> {
      const at = now();
      const kept = entries.get(key);
      if (kept && at < kept.expires && at >= kept.expires - lifetimeMs) {
        return kept.value as Promise<T>;
      }
      if (kept) entries.delete(key);
      const value = read();
      const entry: Entry = { expires: at + lifetimeMs, value };
      const into = entries;
      into.set(key, entry);
      while (into.size > maxEntries) {
        const oldest = into.keys().next().value;
        if (oldest === undefined) break;
        into.delete(oldest);
      }
      value.catch(() => {
        if (into.get(key) === entry) into.delete(key);
      });
      return value;
    },
    forget() {
      entries = new Map();
    },
    get size() {
      return entries.size;
    },
  };
}

/** The process's memo of public content, shared by the page loaders. */
const shared = createContentMemo();
/** A number per database, so two databases in one process (tests) never share answers. */
const databaseIds = new WeakMap<object, number>();
let lastDatabaseId = 0;

/**
 * `read()`'s answer for `key` in database `db`, from the process's memo when it is fresh; with
 * `bypass` (a visitor with a session) always read now.
 */
export function rememberContent<T>(
  db: object,
  key: string,
  read: () => Promise<T>,
  { bypass = false }: { bypass?: boolean } = {},
): Promise<T> {
  if (bypass) return read();
  let id = databaseIds.get(db);
  if (id === undefined) {
    id = ++lastDatabaseId;
    databaseIds.set(db, id);
  }
  return shared.remember(`${id} ${key}`, read);
}

/** Forgets everything the process remembers of the content: after any successful write. */
export function forgetContent(): void {
  shared.forget();
}
