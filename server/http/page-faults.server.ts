import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { loggedUrl, logger } from "#server/config/logger.server.ts";
import type { HttpError } from "#server/errors.ts";
import { faultAnswer, faultLogLine } from "./faults.server.ts";

// Pages meet the same faults as the API (a loader's query on a database that does not answer).
// React Router renders the error page with 500 and hands the error only to the entry's
// handleError, so that records the fault here, and the root route's middleware then answers
// the request with the fault's status (503 or 507) and Retry-After. Documents, data requests of
// client-side navigations and resource routes (feeds, sitemap) all pass that middleware.

/** The fault met while answering this request, if any (set by recordPageFault). */
const pageFaultContext = createContext<HttpError | null>(null);

/**
 * For the entry's handleError: when `error` is a fault of the storage or database, remembers its
 * answer for this request, logs it in one line and answers true; otherwise false (the caller
 * logs the error as it would any other).
 */
export function recordPageFault(
  error: unknown,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> | undefined },
): boolean {
  const answer = faultAnswer(error);
  if (!answer) return false;
  // Once per request: a page whose loaders all fail reports each of them.
  if (context?.get(pageFaultContext)) return true;
  (context as RouterContextProvider | undefined)?.set(pageFaultContext, answer);
  logger.error(faultLogLine(request.method, loggedUrl(new URL(request.url).pathname), answer));
  return true;
}

/**
 * Root middleware: an error answer (500) to a request that met a fault becomes the fault's
 * status, with Retry-After when it has one. The body (the error page) stays as rendered.
 */
export const answerPageFaults: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const fault = context.get(pageFaultContext);
  if (!fault || response.status !== 500) return response;
  const headers = new Headers(response.headers);
  if (fault.retryAfterSeconds !== undefined) {
    headers.set("Retry-After", String(fault.retryAfterSeconds));
  }
  return new Response(response.body, { status: fault.status, headers });
};
