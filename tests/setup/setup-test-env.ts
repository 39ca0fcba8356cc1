import { afterEach, beforeEach, vi } from "vitest";
import { setLogDestination } from "#server/config/logger.server.ts";

// A stray console.error fails the test that caused it, unless the test said it expected one
// (allowConsoleError); so does a warning or error the server logs, which is passed to
// console.error here. Requests to hosts other than this machine fail too: tests talk only to
// servers they started themselves.

setLogDestination({
  write(line: string) {
    const entry = JSON.parse(line) as { level: number; msg?: string; err?: { stack?: string } };
    if (entry.level < 40) return;
    if (entry.err?.stack) console.error(entry.msg ?? "", entry.err.stack);
    else console.error(entry.msg ?? "");
  },
});

let allowed = 0;
let unexpected: unknown[][] = [];

/** Lets the current test log up to `count` console errors (e.g. an expected 500). */
export function allowConsoleError(count = 1) {
  allowed += count;
}

beforeEach(() => {
  allowed = 0;
  unexpected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (allowed > 0) {
      allowed -= 1;
      return;
    }
    unexpected.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0) {
    const text = unexpected.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`Unexpected console.error:\n${text}`);
  }
});

// Test files share a worker (vitest.config.ts), and this file runs before each of them: the
// machine's own fetch is kept once, so the guard is never wrapped around itself.
const REAL_FETCH = Symbol.for("studio.tests.realFetch");
const holder = globalThis as typeof globalThis & { [REAL_FETCH]?: typeof fetch };
holder[REAL_FETCH] ??= globalThis.fetch;
const realFetch = holder[REAL_FETCH];
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
    return Promise.reject(new Error(`Test tried to reach an outside host: ${url.host}`));
  }
  return realFetch(input, init);
};
