import type { CacheEntry } from "./cache-entry.server.ts";

/**
 * The kept answers by key, within an entry count and a byte budget (compressed forms included).
 * Every entry lives equally long, so the oldest is always the first to go.
 */
export class CacheStore {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #totalBytes = 0;
  #generation = 0;

  constructor({ maxEntries, maxBytes }: { maxEntries: number; maxBytes: number }) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
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
    // Map order is insertion order and every entry lives equally long, so the first entry is
    // the oldest: expired and surplus entries go from the front.
    const at = Date.now();
    for (const [key, oldest] of this.#entries) {
      if (oldest === entry) break;
      const surplus = this.#entries.size > this.#maxEntries || this.#totalBytes > this.#maxBytes;
      if (!surplus && oldest.expiresAt > at) break;
      this.#entries.delete(key);
      this.#totalBytes -= oldest.bytes;
    }
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
