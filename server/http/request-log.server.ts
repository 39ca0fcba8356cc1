import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { loggedUrl } from "#server/config/logger.server.ts";

// One log line per request, when its answer is complete (or the client went away): its id,
// method, address (secrets left out), status and duration. Answers from the response cache are
// logged the same way. Nothing else of the request is logged: no headers, no body.

/** The header that carries a request's id, in both directions. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** An incoming id is kept when it looks like one (a proxy's or load balancer's), else replaced. */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Health and metrics probes come every few seconds: a successful one is logged at debug. */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/** The request's id: the one a proxy sent when it is sane, else a new one. Sent back always. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers["x-request-id"];
  const id =
    typeof incoming === "string" && ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

type LoggedRequest = IncomingMessage & { originalUrl?: string };

/**
 * The request-log middleware (pino-http) writing through `logger` (createRequestLogger). Every
 * request gets `req.id`; whatever is logged while answering it names it as `reqId`.
 */
export function requestLog(logger: Logger): RequestHandler {
  const middleware = pinoHttp({
    logger,
    genReqId: requestId,
    // One child logger per request, bound to `req` (id, method, address), for its line.
    // Only these fields: pino-http's own serializers copy every header of the request.
    wrapSerializers: false,
    serializers: {
      req: (req: LoggedRequest & { id?: unknown }) => ({
        id: req.id,
        method: req.method,
        url: loggedUrl(req.originalUrl ?? req.url ?? ""),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customAttributeKeys: { responseTime: "durationMs" },
    customLogLevel: (req, res) => {
      // 501 refuses a method nothing here serves: the client's doing, not a fault.
      if (res.statusCode >= 500 && res.statusCode !== 501) return "error";
      if (res.statusCode < 400 && PROBES.has((req as LoggedRequest).originalUrl ?? "")) {
        return "debug";
      }
      return "info";
    },
    // The error, if any, was logged with its stack where it was handled; the request line only
    // says how the request ended.
    customErrorObject: (_req, res, _error, val: { durationMs?: number }) => ({
      res,
      durationMs: val.durationMs,
    }),
    customErrorMessage: () => "request failed",
  });
  return middleware as unknown as RequestHandler;
}

/** The request's id (for lines logged while answering it), when requests are logged. */
export function requestIdOf(req: IncomingMessage): string | undefined {
  const id = (req as { id?: unknown }).id;
  return typeof id === "string" ? id : undefined;
}
