import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CacheEntry } from "./cache-entry.server.ts";
import { CacheStore } from "./cache-store.server.ts";

const TTL_MS = 1000;

describe("the response cache's store", () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = Date.parse("2030-01-15T10:00:00.000Z");
  });
  afterEach(() => vi.useRealTimers());

  /** An entry of `bytes` bytes, kept now, expiring TTL_MS later by the store's clock. */
  function entry(key: string, bytes = 1000): CacheEntry {
    return {
      key,
      status: 200,
      headers: [],
      vary: "accept-encoding",
      body: Buffer.alloc(bytes),
      etag: `W/"${key}"`,
      compressible: false,
      compressed: {},
      ready: {},
      expiresAt: clock + TTL_MS,
      bytes,
    };
  }

  /** Moves the store's clock and the timers on by `ms`. */
  function pass(ms: number) {
    clock += ms;
    vi.advanceTimersByTime(ms);
  }

  it("lets go of expired answers when nothing else is kept, oldest first, and then stops", () => {
    const store = new CacheStore({ maxEntries: 10, maxBytes: 100_000, now: () => clock });
    store.set(entry("/a"));
    pass(400);
    store.set(entry("/b"));
    expect(store.bytes).toBe(2000);

    // The timer leaves what is alive on the store's clock.
    pass(TTL_MS - 400 - 1);
    expect(store.bytes).toBe(2000);
    pass(200);
    expect(store.get("/a")).toBeUndefined();
    expect(store.get("/b")).toBeDefined();
    expect(store.bytes).toBe(1000);
    pass(400);
    expect(store.bytes).toBe(0);
    // Nothing left, nothing scheduled.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps one timer at a time, and none once emptied", () => {
    const store = new CacheStore({ maxEntries: 10, maxBytes: 100_000, now: () => clock });
    for (const key of ["/a", "/b", "/c"]) store.set(entry(key));
    expect(vi.getTimerCount()).toBe(1);
    store.clear();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("drops the oldest beyond its entry count or byte budget when it keeps another", () => {
    const store = new CacheStore({ maxEntries: 2, maxBytes: 2500, now: () => clock });
    store.set(entry("/a"));
    store.set(entry("/b"));
    store.set(entry("/c"));
    expect(store.get("/a")).toBeUndefined();
    expect(store.bytes).toBe(2000);
    store.set(entry("/big", 2000));
    expect(store.get("/b")).toBeUndefined();
    expect(store.get("/c")).toBeUndefined();
    expect(store.bytes).toBe(2000);
  });
});
