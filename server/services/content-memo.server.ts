import { AsyncLocalStorage } from "node:async_hooks";

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
 * A page built from remembered answers is as old as the oldest of them: the response cache asks
 * (watchRememberedReads) and counts the lifetime of the page it keeps from that read, so across
 * processes the bound stays the response cache's lifetime
 * (docs/decisions/021-cache-bound-across-processes.md).
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

/**
 * What a piece of work (a request the response cache will keep the answer of) was given from
 * memos: the age, in milliseconds, of the oldest remembered answer, when it was handed out.
 */
export type RememberedReads = { ageMs: number };

const watching = new AsyncLocalStorage<RememberedReads>();

/**
 * Runs `run` (and everything it starts, through promises and callbacks) noting in `reads` the
 * age of the oldest answer any memo hands out to it. Only the response cache's misses are run
 * this way; a memo answer given outside any watch costs a lookup of the watch and nothing more.
 */
export function watchRememberedReads(reads: RememberedReads, run: () => void): void {
  watching.run(reads, run);
}

function noteAge(ageMs: number) {
  const reads = watching.getStore();
  if (reads && ageMs > reads.ageMs) reads.ageMs = ageMs;
}

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
        noteAge(at - (kept.expires - lifetimeMs));
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
