import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "#tests/helpers/http.ts";
import { listen } from "#tests/helpers/test-server.ts";
import { createResponseCache, type ResponseCache } from "./response-cache.server.ts";

// The cache in front of a small Express app whose handlers count their calls, through real
// HTTP. What the app around it caches (which paths, session cookies) is tested in app.test.ts
// and tests/process/response-cache.test.ts.

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

/** A GET with exactly these headers (fetch would add Accept-Encoding and decode the body). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const decoded =
            encoding === "gzip"
              ? gunzipSync(body)
              : encoding === "br"
                ? brotliDecompressSync(body)
                : body;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: String(decoded),
          });
        });
      })
      .on("error", reject);
  });
}

const TTL_MS = 800;

/**
 * The cache's clock: it stands still unless a test moves it, so a test's requests fall within
 * one lifetime however slowly the machine runs, and an answer expires exactly when told to.
 */
let clockMs = Date.parse("2030-01-15T10:00:00.000Z");
const outliveTtl = () => {
  clockMs += TTL_MS + 1;
};

type Harness = {
  url: string;
  cache: ResponseCache;
  /** How often each path's handler ran. */
  calls: Map<string, number>;
  /** How many requests for each path have reached the cache. */
  arrived: Map<string, number>;
  close: () => Promise<void>;
};

const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

/** What the handlers answer from: a database, in effect, which two harnesses may share. */
type Store = { version: number };

async function start({
  maxEntries,
  sharedCacheSeconds,
  store = { version: 0 },
}: {
  maxEntries?: number;
  sharedCacheSeconds?: number;
  store?: Store;
} = {}): Promise<Harness> {
  const cache = createResponseCache({
    ttlMs: TTL_MS,
    classifyPath: (path) =>
      path.startsWith("/private") ? null : path.startsWith("/page") ? "page" : "plain",
    hasSessionCookie: (cookie) => cookie.includes("session="),
    maxEntries,
    sharedCacheSeconds,
    now: () => clockMs,
  });
  const calls = new Map<string, number>();
  const arrived = new Map<string, number>();
  const app = express();
  app.set("etag", false);
  app.use((req, _res, next) => {
    arrived.set(req.path, (arrived.get(req.path) ?? 0) + 1);
    next();
  });
  app.use(cache.middleware);
  app.use((req, res, next) => {
    calls.set(req.path, (calls.get(req.path) ?? 0) + 1);
    res.set("Content-Security-Policy", "script-src 'self'");
    next();
  });
  app.get("/data", (req, res) => {
    res.json({ version: store.version, query: req.query, filler: "x".repeat(4000) });
  });
  app.get("/tiny", (_req, res) => {
    res.json({ version: store.version });
  });
  app.get("/slow", async (_req, res) => {
    // Reads first, answers later: like a page whose rendering takes a while.
    const { version } = store;
    await sleep(150);
    res.json({ version, filler: "y".repeat(3000) });
  });
  app.get("/abandoned-if-gone", (req, res) => {
    // Like a page whose rendering stops when its client goes away: no answer at all then. The
    // first one takes as long as it takes its client to leave; later ones answer at once.
    const delayMs = calls.get(req.path) === 1 ? 60_000 : 0;
    const timer = setTimeout(() => res.json({ version: store.version }), delayMs);
    req.socket.once("close", () => clearTimeout(timer));
  });
  app.get("/missing", (_req, res) => {
    res.status(404).json({ message: "No such thing." });
  });
  app.get("/broken", (_req, res) => {
    res.status(500).json({ message: "Something went wrong on our side." });
  });
  app.get("/with-cookie", (_req, res) => {
    res.cookie("seen", "1").json({ version: store.version });
  });
  app.get("/private", (_req, res) => {
    res.json({ version: store.version });
  });
  app.get(["/page", "/page-error", "/page-own-cache-control"], (req, res) => {
    if (req.path === "/page-own-cache-control") res.set("Cache-Control", "public, max-age=300");
    const scripts = "<script>1</script>".repeat(3);
    const html = `<!doctype html><html><head>${scripts}</head><body>${`<p>version ${store.version}</p>`.repeat(200)}</body></html>`;
    res.status(req.path === "/page-error" ? 500 : 200).type("html");
    // Streamed in pieces, as React Router sends a page.
    res.write(html.slice(0, 100));
    res.write(Buffer.from(html.slice(100, 2000)));
    res.end(html.slice(2000));
  });
  app.post("/write", (_req, res) => {
    store.version += 1;
    res.status(201).json({ version: store.version });
  });
  app.post("/refused", (_req, res) => {
    store.version += 1;
    res.status(400).json({ message: "Invalid input." });
  });
  const { url, close } = await listen(app);
  const harness = { url, cache, calls, arrived, close };
  open.push(harness);
  return harness;
}

const versionOf = (raw: Raw) => (JSON.parse(raw.text) as { version: number }).version;

describe("the response cache", () => {
  it("answers repeated requests within its lifetime without running the app, fresh after", async () => {
    const h = await start();
    const first = await get(`${h.url}/data`);
    expect(first.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const again = await get(`${h.url}/data`);
      expect(again.body.equals(first.body)).toBe(true);
      expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    }
    expect(h.calls.get("/data")).toBe(1);

    outliveTtl();
    expect((await get(`${h.url}/data`)).status).toBe(200);
    expect(h.calls.get("/data")).toBe(2);
  });

  it("shows a change made elsewhere (another process) once its answer has expired", async () => {
    const store = { version: 0 };
    const h = await start({ store });
    const other = await start({ store });
    expect(versionOf(await get(`${h.url}/tiny`))).toBe(0);
    await fetch(`${other.url}/write`, { method: "POST" });
    expect(versionOf(await get(`${other.url}/tiny`))).toBe(1);
    expect(versionOf(await get(`${h.url}/tiny`))).toBe(0);
    outliveTtl();
    expect(versionOf(await get(`${h.url}/tiny`))).toBe(1);
  });

  it("keeps different query strings apart", async () => {
    const h = await start();
    const a = await get(`${h.url}/data?page=1`);
    const b = await get(`${h.url}/data?page=2`);
    expect(JSON.parse(a.text).query).toEqual({ page: "1" });
    expect(JSON.parse(b.text).query).toEqual({ page: "2" });
    await get(`${h.url}/data?page=1`);
    expect(h.calls.get("/data")).toBe(2);
  });

  it("always runs the app for a request with a session cookie, and keeps nothing from it", async () => {
    const h = await start();
    await get(`${h.url}/data`);
    await get(`${h.url}/data`, { cookie: "theme=dark; session=abc" });
    await get(`${h.url}/data`, { cookie: "session=abc" });
    expect(h.calls.get("/data")).toBe(3);
    // Other cookies do not matter.
    await get(`${h.url}/data`, { cookie: "theme=dark" });
    expect(h.calls.get("/data")).toBe(3);
  });

  it("never keeps paths it is told not to", async () => {
    const h = await start();
    await get(`${h.url}/private`);
    await get(`${h.url}/private`);
    expect(h.calls.get("/private")).toBe(2);
  });

  it("empties at once after a successful write, but not after a refused one", async () => {
    const h = await start();
    expect(versionOf(await get(`${h.url}/tiny`))).toBe(0);
    expect((await fetch(`${h.url}/refused`, { method: "POST" })).status).toBe(400);
    expect(versionOf(await get(`${h.url}/tiny`))).toBe(0);
    expect((await fetch(`${h.url}/write`, { method: "POST" })).status).toBe(201);
    expect(versionOf(await get(`${h.url}/tiny`))).toBe(2);
  });

  it("does not keep an answer rendered from data read before a write", async () => {
    const h = await start();
    const slow = get(`${h.url}/slow`);
    // The render has read its data.
    await eventually(async () => expect(h.calls.get("/slow")).toBe(1));
    await fetch(`${h.url}/write`, { method: "POST" });
    expect(versionOf(await slow)).toBe(0);
    expect(versionOf(await get(`${h.url}/slow`))).toBe(1);
    expect(h.calls.get("/slow")).toBe(2);
  });

  it("renders a burst of misses for the same address once", async () => {
    const h = await start();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(`${h.url}/slow`)));
    expect(h.calls.get("/slow")).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(answers[0]?.text);
    }
  });

  it("has one waiting request render for the others when the first one's client goes away", async () => {
    const h = await start();
    const gone = http.get(`${h.url}/abandoned-if-gone`);
    gone.on("error", () => undefined);
    await eventually(async () => expect(h.calls.get("/abandoned-if-gone")).toBe(1));
    const waiting = Array.from({ length: 3 }, () => get(`${h.url}/abandoned-if-gone`));
    // The other requests are waiting for the first one's answer.
    await eventually(async () => expect(h.arrived.get("/abandoned-if-gone")).toBe(4));
    gone.destroy();
    for (const answer of await Promise.all(waiting)) expect(answer.status).toBe(200);
    expect(h.calls.get("/abandoned-if-gone")).toBe(2);
  });

  it("keeps 404 answers, but not other failures or answers that set a cookie", async () => {
    const h = await start();
    for (let i = 0; i < 2; i++) {
      expect((await get(`${h.url}/missing`)).status).toBe(404);
      expect((await get(`${h.url}/broken`)).status).toBe(500);
      const withCookie = await get(`${h.url}/with-cookie`);
      expect(withCookie.headers["set-cookie"]?.[0]).toMatch(/^seen=1/);
    }
    expect(h.calls.get("/missing")).toBe(1);
    expect(h.calls.get("/broken")).toBe(2);
    expect(h.calls.get("/with-cookie")).toBe(2);
  });

  it("drops the oldest answers beyond its size", async () => {
    const h = await start({ maxEntries: 2 });
    for (const page of [1, 2, 3]) await get(`${h.url}/tiny?page=${page}`);
    await get(`${h.url}/tiny?page=3`);
    await get(`${h.url}/tiny?page=2`);
    expect(h.calls.get("/tiny")).toBe(3);
    await get(`${h.url}/tiny?page=1`);
    expect(h.calls.get("/tiny")).toBe(4);
  });

  describe("encodings", () => {
    it("answers brotli, gzip or plain as the client accepts, and says it varies", async () => {
      const h = await start();
      const plain = await get(`${h.url}/data`);
      const cases: [string | undefined, string | undefined][] = [
        [undefined, undefined],
        ["gzip, deflate, br, zstd", "br"],
        ["gzip", "gzip"],
        ["br;q=0, gzip", "gzip"],
        ["*", "br"],
        ["*;q=0", undefined],
        ["identity", undefined],
        ["x-gzip", "gzip"],
        ["deflate", undefined],
      ];
      for (const [accept, expected] of cases) {
        const answer = await get(`${h.url}/data`, accept ? { "accept-encoding": accept } : {});
        expect(answer.headers["content-encoding"], String(accept)).toBe(expected);
        expect(answer.headers.vary).toBe("Accept-Encoding");
        expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
        expect(answer.text).toBe(plain.text);
        if (expected) expect(answer.body.length).toBeLessThan(plain.body.length);
      }
      expect(h.calls.get("/data")).toBe(1);
    });

    it("sends small answers as they are", async () => {
      const h = await start();
      const answer = await get(`${h.url}/tiny`, { "accept-encoding": "gzip, br" });
      expect(answer.headers["content-encoding"]).toBeUndefined();
    });
  });

  describe("validators", () => {
    it("answers 304 to If-None-Match with the current ETag, and 200 otherwise", async () => {
      const h = await start();
      const first = await get(`${h.url}/data`);
      const etag = first.headers.etag ?? "";
      expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
      for (const header of [etag, etag.slice(2), `"other", ${etag}`, "*"]) {
        const revalidated = await get(`${h.url}/data`, { "if-none-match": header });
        expect(revalidated.status, header).toBe(304);
        expect(revalidated.body.length).toBe(0);
        expect(revalidated.headers.etag).toBe(etag);
      }
      expect((await get(`${h.url}/data`, { "if-none-match": '"other"' })).status).toBe(200);
    });

    it("keeps the ETag while the answer stays the same, and changes it when it does not", async () => {
      const h = await start();
      const etag = (await get(`${h.url}/data`)).headers.etag;
      outliveTtl();
      expect((await get(`${h.url}/data`)).headers.etag).toBe(etag);
      await fetch(`${h.url}/write`, { method: "POST" });
      expect((await get(`${h.url}/data`)).headers.etag).not.toBe(etag);
    });
  });

  describe("pages", () => {
    it("keeps a page as it is, with a validator, and sends it in brotli or gzip", async () => {
      const h = await start();
      const plain = await get(`${h.url}/page`);
      expect(plain.headers.etag).toMatch(/^W\//);
      for (const accept of ["gzip, deflate, br, zstd", "gzip", "gzip, deflate, br, zstd"]) {
        const page = await get(`${h.url}/page`, { "accept-encoding": accept });
        expect(page.headers["content-encoding"]).toBe(accept === "gzip" ? "gzip" : "br");
        expect(page.text).toBe(plain.text);
        expect(page.body.length).toBeLessThan(plain.body.length / 5);
        expect(page.headers.etag).toBe(plain.headers.etag);
        expect(page.headers["content-security-policy"]).toBe("script-src 'self'");
      }
      expect(h.calls.get("/page")).toBe(1);
    });

    it("compresses the first answer for its own response as well as later ones", async () => {
      const h = await start();
      const accept = { "accept-encoding": "br" };
      const first = await get(`${h.url}/page`, accept);
      const second = await get(`${h.url}/page`, accept);
      expect(first.headers["content-encoding"]).toBe("br");
      expect(second.headers["content-encoding"]).toBe("br");
      expect(first.text).toBe(second.text);
      expect(h.calls.get("/page")).toBe(1);
    });

    it("lets shared caches keep the pages it keeps for its lifetime, when told to", async () => {
      const h = await start({ sharedCacheSeconds: 1 });
      for (let i = 0; i < 2; i++) {
        expect((await get(`${h.url}/page`)).headers["cache-control"]).toBe(
          "public, max-age=0, s-maxage=1",
        );
        // API answers and pages that say otherwise keep their own.
        expect((await get(`${h.url}/data`)).headers["cache-control"]).toBeUndefined();
        expect((await get(`${h.url}/page-own-cache-control`)).headers["cache-control"]).toBe(
          "public, max-age=300",
        );
      }
      const other = await start();
      expect((await get(`${other.url}/page`)).headers["cache-control"]).toBeUndefined();
    });

    it("compresses a page it does not keep for that response alone", async () => {
      const h = await start();
      for (let i = 0; i < 2; i++) {
        const page = await get(`${h.url}/page-error`, { "accept-encoding": "gzip, br" });
        expect(page.status).toBe(500);
        expect(page.headers["content-encoding"]).toBe("br");
        expect(page.headers.vary).toBe("Accept-Encoding");
        expect(Number(page.headers["content-length"])).toBe(page.body.length);
        expect(page.text).toContain("version 0");
      }
      expect(h.calls.get("/page-error")).toBe(2);
    });
  });
});
