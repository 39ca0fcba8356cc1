import type { RequestHandler } from "express";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { fixedHeaders } from "./fixed-headers.server.ts";

/** A response that records the headers set on it, as Node's does. */
function recordingResponse() {
  const headers = new Map<string, string>([["x-powered-by", "Express"]]);
  return {
    headers,
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), value);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
}

function run(middleware: RequestHandler) {
  const res = recordingResponse();
  let passed = false;
  middleware({} as never, res as never, () => {
    passed = true;
  });
  return { headers: res.headers, passed };
}

describe("fixedHeaders", () => {
  it("sets what the middleware sets, and removes what it removes, on every answer", () => {
    const options = { contentSecurityPolicy: false, referrerPolicy: { policy: "same-origin" } };
    const direct = run(helmet(options as Parameters<typeof helmet>[0]));
    const fixed = fixedHeaders(helmet(options as Parameters<typeof helmet>[0]));
    const first = run(fixed);
    const second = run(fixed);
    expect(first.passed).toBe(true);
    expect(Object.fromEntries(first.headers)).toEqual(Object.fromEntries(direct.headers));
    expect(Object.fromEntries(second.headers)).toEqual(Object.fromEntries(direct.headers));
    expect(first.headers.get("referrer-policy")).toBe("same-origin");
    expect(first.headers.has("x-powered-by")).toBe(false);
  });

  it("refuses, at once, a middleware that reads the request or does not pass it on", () => {
    const reads: RequestHandler = (req, res, next) => {
      res.setHeader("Vary", req.path);
      next();
    };
    const waits: RequestHandler = (_req, res) => {
      res.setHeader("X-Later", "1");
    };
    expect(() => fixedHeaders(reads)).toThrow(/reads the request/);
    expect(() => fixedHeaders(waits)).toThrow(/did not pass the request on/);
  });
});
