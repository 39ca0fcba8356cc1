import type { CacheEntry } from "./cache-entry.server.ts";

/** How long after the oldest entry expires the store drops it with whatever else has expired. */
const SWEEP_SLACK_MS = 100;

/**
 * The kept answers by key, within an entry count and a byte budget (compressed forms included).
 * Every entry lives equally long, so the oldest is always the first to go. Expired entries are
 * dropped when another is kept, and by a timer once the oldest has expired: without it, what the
 * last requests left would stay in memory until the next answer is kept, however long the site
 * stays quiet (21 MB after the benchmark's minute of load).
 */
export class CacheStore {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #now: () => number;
  #totalBytes = 0;
  #generation = 0;
  #sweep: ReturnType<typeof setTimeout> | null = null;

  constructor({
    maxEntries,
    maxBytes,
    now = Date.now,
  }: {
    maxEntries: number;
    maxBytes: number;
    /** The clock entries' `expiresAt` is counted by (milliseconds, as Date.now). */
    now?: () => number;
  }) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
    this.#now = now;
  }

  /** Bumped by clear(), so an answer rendered from data read before a write is not kept. */
  get generation(): number {
    return this.#generation;
  }

  /** Bytes held now, compressed forms included. */
  get bytes(): number {
    return this.#totalBytes;
  }

  get(key: string): CacheEntry | undefined {
    return this.#entries.get(key);
  }

  /** Forgets every entry. */
  clear() {
    this.#entries.clear();
    this.#totalBytes = 0;
    this.#generation += 1;
    if (this.#sweep !== null) clearTimeout(this.#sweep);
    this.#sweep = null;
  }

  /** Keeps an entry in place of any with its key, then drops expired and surplus old ones. */
  set(entry: CacheEntry) {
    const previous = this.#entries.get(entry.key);
    if (previous) {
      this.#entries.delete(entry.key);
      this.#totalBytes -= previous.bytes;
    }
    this.#entries.set(entry.key, entry);
    this.#totalBytes += entry.bytes;
    this.#evict(entry);
    this.#scheduleSweep();
  }

  /**
   * Drops expired and surplus entries from the front, up to `keep`: Map order is insertion order
   * and every entry lives equally long, so the first entry is the oldest.
   */
  #evict(keep: CacheEntry | null) {
    const at = this.#now();
    for (const [key, oldest] of this.#entries) {
      if (oldest === keep) break;
      const surplus = this.#entries.size > this.#maxEntries || this.#totalBytes > this.#maxBytes;
      if (!surplus && oldest.expiresAt > at) break;
      this.#entries.delete(key);
      this.#totalBytes -= oldest.bytes;
    }
  }

  /** Sets the timer (one at a time, not keeping the process alive) for the oldest's expiry. */
  #scheduleSweep() {
    if (this.#sweep !== null) return;
    const oldest = this.#entries.values().next().value;
    if (oldest === undefined) return;
    const wait = Math.max(0, oldest.expiresAt - this.#now()) + SWEEP_SLACK_MS;
    this.#sweep = setTimeout(() => {
      this.#sweep = null;
      this.#evict(null);
      this.#scheduleSweep();
    }, wait);
    this.#sweep.unref();
  }

  /**
   * Counts a compressed form made after `entry` was kept against whichever entry holds these
   * forms now (a newer one with the same body takes them over).
   */
  countCompressed(entry: CacheEntry, bytes: number) {
    const holder = this.#entries.get(entry.key);
    if (holder?.ready === entry.ready) {
      holder.bytes += bytes;
      this.#totalBytes += bytes;
    }
  }
}
