import type { ErrorRequestHandler, RequestHandler } from "express";
import { z } from "zod";
import { fieldErrors } from "#server/api/shared/validate.ts";
import { loggedUrl, logger } from "#server/config/logger.server.ts";
import { isUniqueViolation } from "#server/db/dialect.server.ts";
import { HttpError } from "#server/errors.ts";
import { bodyWasRefused } from "#server/http/body-limits.server.ts";
import { faultAnswer, faultLogLine } from "#server/http/faults.server.ts";
import { requestIdOf } from "#server/http/request-log.server.ts";

/** Unknown paths under /api answer JSON, never a page. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(HttpError.notFound(`There is no API endpoint ${req.method} ${req.baseUrl}${req.path}.`));
};

type BodyParserError = Error & { type?: string; status?: number; expose?: boolean };

/**
 * The one place an error becomes a response: `{"message": …}` with the right status, and
 * never a stack trace. A full or unwritable disk and a database that does not answer are 507
 * or 503 with Retry-After, logged in one line with their cause (faults.server.ts); anything
 * else unexpected is logged and answered as a plain 500.
 */
export const apiErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  // Its reader failed because the body was refused mid-way; the 413 is out already.
  if (bodyWasRefused(req)) return;
  if (res.headersSent) return next(error);
  const fault = faultAnswer(error);
  const { status, body } = toResponse(fault ?? (error as unknown));
  if (fault) {
    logger.error(
      { reqId: requestIdOf(req) },
      faultLogLine(req.method, loggedUrl(req.originalUrl), fault),
    );
    if (fault.retryAfterSeconds !== undefined) {
      res.set("Retry-After", String(fault.retryAfterSeconds));
    }
  } else if (status >= 500 && !(error instanceof HttpError)) {
    // An HttpError is a deliberate answer (an outside service that failed: 502, 504), not a fault.
    // The stack goes to the log only; the answer says nothing of it.
    logger.error(
      { err: error, reqId: requestIdOf(req) },
      `${req.method} ${loggedUrl(req.originalUrl)} failed`,
    );
  }
  res.status(status).json(body);
};

function toResponse(error: unknown): { status: number; body: object } {
  if (error instanceof HttpError) {
    // The message stays the first key and keeps its value whatever the details name; the field
    // errors come last for the same reason.
    const body: Record<string, unknown> = Object.assign(
      { message: error.message },
      error.details,
      { message: error.message },
      error.errors ? { errors: error.errors } : {},
    );
    return { status: error.status, body };
  }
  if (error instanceof z.ZodError) {
    const errors = fieldErrors(error);
    return { status: 400, body: { message: Object.values(errors)[0] ?? "Invalid input.", errors } };
  }
  if (isUniqueViolation(error)) {
    return { status: 409, body: { message: "That already exists." } };
  }
  const e = error as BodyParserError;
  // Express's router fails on a path parameter it cannot percent-decode ("/slug/%") with a
  // URIError marked 400 but not `expose`: the client's mistake, not ours.
  if (error instanceof URIError && e.status === 400) {
    return { status: 400, body: { message: "The address of the request is not valid." } };
  }
  switch (e?.type) {
    case "entity.too.large":
      return { status: 413, body: { message: "The request body is too large." } };
    case "entity.parse.failed":
      return { status: 400, body: { message: "The request body is not valid JSON." } };
    case "encoding.unsupported":
    case "charset.unsupported":
      return { status: 415, body: { message: "The request body's encoding is not supported." } };
  }
  if (typeof e?.status === "number" && e.status >= 400 && e.status < 500 && e.expose) {
    return { status: e.status, body: { message: e.message } };
  }
  return { status: 500, body: { message: "Something went wrong on our side. Please try again." } };
}
