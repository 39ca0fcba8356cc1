import type { RequestHandler } from "express";

/**
 * A middleware that sets the same headers on every answer whatever the request (helmet's, for
 * one), run once against a stand-in response: what it set is then copied onto each answer, with
 * none of its own work per request. It must set headers and call `next` at once, without
 * reading the request; anything else is a mistake of the caller and throws here, at start-up.
 */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const headers: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (Array.isArray(value)) throw new Error(`fixedHeaders: ${name} has several values`);
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let passed = false;
  const request = new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`fixedHeaders: the middleware reads the request (${String(property)})`);
      },
    },
  );
  middleware(request as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    passed = true;
  });
  if (!passed) throw new Error("fixedHeaders: the middleware did not pass the request on at once");
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
