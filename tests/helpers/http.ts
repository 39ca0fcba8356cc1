import { expect } from "vitest";

export type ErrorBody = { message: string; errors?: Record<string, string> };

/**
 * Checks an error answer against the wire format of docs/product/api.md#errors (JSON with a
 * `message`, never a stack trace) and returns its body.
 */
export async function readError(response: Response, status: number): Promise<ErrorBody> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expectNoStackTrace(text);
  const body = JSON.parse(text) as ErrorBody;
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

/** Fails when a response body looks like it carries a stack trace or a server file path. */
export function expectNoStackTrace(text: string) {
  // A stack line, raw or inside a JSON string ("\n    at fn (file:1:2)").
  expect(text).not.toMatch(/(^|\n|\\n)\s*at\s/);
  expect(text).not.toMatch(/\.(ts|tsx|js|mjs|cjs):\d+/);
  expect(text).not.toMatch(/node_modules|file:\/\/|\/work\/|\/home\/|\/tmp\//);
}

/** Retries `check` until it passes or `timeoutMs` is over (for effects that settle shortly). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
