import express from "express";
import { afterEach, expect, it } from "vitest";
import { createContentMemo, watchRememberedReads } from "#server/services/content-memo.server.ts";
import { eventually } from "#tests/helpers/http.ts";
import { listen } from "#tests/helpers/test-server.ts";
import { createResponseCache } from "./response-cache.server.ts";

// A page the response cache keeps is as old as the data it was made of. Data a memo read
// before the request counts from that read, so across processes (each with its own memo and
// cache) nothing is shown later than the cache's lifetime after the data was read
// (docs/decisions/021-cache-bound-across-processes.md). Both clocks stand still unless a test
// moves them, so lifetimes end exactly when the test says, however slow the machine.

const TTL_MS = 1000;
const MEMO_LIFETIME_MS = 250;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The database, in effect: what a read answers. */
let stored = 0;

async function start({ watch }: { watch: boolean }) {
  const clock = { cache: 1_000_000, memo: 5_000_000 };
  const memo = createContentMemo({ lifetimeMs: MEMO_LIFETIME_MS, now: () => clock.memo });
  const cache = createResponseCache({
    ttlMs: TTL_MS,
    classifyPath: () => "plain",
    now: () => clock.cache,
    watchReads: watch ? watchRememberedReads : undefined,
  });
  let renders = 0;
  let arrivals = 0;
  const app = express();
  app.use((_req, _res, next) => {
    arrivals += 1;
    next();
  });
  app.use(cache.middleware);
  app.get("/list", async (_req, res) => {
    renders += 1;
    // Through promises, as a page's loader reaches the memo.
    await Promise.resolve();
    const value = await memo.remember("list", async () => stored);
    res.json({ value });
  });
  let gate: Promise<void> = Promise.resolve();
  app.get("/gated", async (_req, res) => {
    renders += 1;
    const value = stored;
    await gate;
    res.json({ value });
  });
  app.get("/fresh", (_req, res) => {
    renders += 1;
    res.json({ value: stored });
  });
  const server = await listen(app);
  closers.push(server.close);
  const get = async (path: string) =>
    ((await (await fetch(server.url + path)).json()) as { value: number }).value;
  /** Moves both clocks on together. */
  const advance = (ms: number) => {
    clock.cache += ms;
    clock.memo += ms;
  };
  /** Renders of /gated from now on wait until the answer's function is called. */
  const holdRenders = () => {
    let open: () => void = () => undefined;
    gate = new Promise((resolve) => {
      open = resolve;
    });
    return open;
  };
  return {
    get,
    advance,
    renders: () => renders,
    arrivals: () => arrivals,
    clear: cache.clear,
    memo,
    holdRenders,
  };
}

it("keeps a page made from remembered data one lifetime from that data's read", async () => {
  const site = await start({ watch: true });
  stored = 1;
  expect(await site.get("/list")).toBe(1);
  // The memo's answer is now 200 ms old; the cache's first answer is dropped (as a write in
  // this process would), and the page is made again from the 200 ms old answer.
  site.advance(200);
  site.clear();
  stored = 2;
  expect(await site.get("/list")).toBe(1);
  expect(site.renders()).toBe(2);

  // It lives until 1000 ms after the memo's read, that is 800 ms after the request, not 1000.
  site.advance(TTL_MS - 200 - 1);
  expect(await site.get("/list")).toBe(1);
  expect(site.renders()).toBe(2);
  site.advance(1);
  expect(await site.get("/list")).toBe(2);
  expect(site.renders()).toBe(3);
});

it("keeps a page made from data read during the request one lifetime from the request", async () => {
  const site = await start({ watch: true });
  stored = 3;
  expect(await site.get("/fresh")).toBe(3);
  stored = 4;
  site.advance(TTL_MS - 1);
  expect(await site.get("/fresh")).toBe(3);
  site.advance(1);
  expect(await site.get("/fresh")).toBe(4);
});

it("without watching the memo, counts from the request and shows the data longer (the old bound)", async () => {
  const site = await start({ watch: false });
  stored = 5;
  expect(await site.get("/list")).toBe(5);
  site.advance(200);
  site.clear();
  stored = 6;
  expect(await site.get("/list")).toBe(5);
  site.advance(TTL_MS - 1);
  // 1199 ms after the read: what the watch prevents.
  expect(await site.get("/list")).toBe(5);
});

it("does not hand a render slower than the lifetime to a request that came a lifetime after it began", async () => {
  const site = await start({ watch: true });
  stored = 7;
  const release = site.holdRenders();
  const first = site.get("/gated");
  await eventually(async () => expect(site.renders()).toBe(1));
  // The render has read 7 and is still going; a write elsewhere stores 8.
  stored = 8;
  const early = site.get("/gated");
  await eventually(async () => expect(site.arrivals()).toBe(2));
  site.advance(TTL_MS);
  const late = site.get("/gated");
  await eventually(async () => expect(site.arrivals()).toBe(3));
  release();
  expect(await first).toBe(7);
  // Came within the lifetime of the first render's read: shares it.
  expect(await early).toBe(7);
  // Came a lifetime after that read: gets a render of its own, from data read after it came.
  expect(await late).toBe(8);
  expect(site.renders()).toBe(2);
});
