import { findDatabaseFault, sqliteResultName } from "#server/db/dialect.server.ts";
import { HttpError } from "#server/errors.ts";

// The server's own faults (a full disk, storage that cannot be written, a database that does
// not answer) are told to the client as what they are, 507 or 503 with Retry-After, instead of
// an anonymous 500; and logged in one line naming the cause. The API's error middleware and the
// pages (app/entry.server.tsx, app/root.tsx) both answer through here.

/**
 * The answer for an error that is a fault of the server's storage or database: the HttpError
 * the storage layer already made (507, or 503 with a cause), or one made here for a database
 * error (also one wrapped as another error's `cause`). null for every other error.
 */
export function faultAnswer(error: unknown): HttpError | null {
  if (error instanceof HttpError) {
    return error.status >= 500 && error.cause !== undefined ? error : null;
  }
  const found = findDatabaseFault(error);
  switch (found?.fault) {
    case "full":
      return HttpError.storageFull(found.error);
    case "read-only":
      return HttpError.storageUnavailable(found.error);
    case "unavailable":
      return HttpError.databaseUnavailable(found.error);
    default:
      return null;
  }
}

/** The log line for a fault answer: the request, the status and the cause, on one line. */
export function faultLogLine(method: string, url: string, answer: HttpError): string {
  return `${method} ${loggablePath(url)} answered ${answer.status}: ${describeCause(answer.cause)}`;
}

/**
 * What went wrong, in one line: the error's code (errno, SQLite's result code, PostgreSQL's
 * SQLSTATE) and its message, never a stack. Connection strings are not part of these messages.
 */
export function describeCause(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map(describeCause).join("; ");
  }
  if (!(error instanceof Error)) return oneLine(String(error));
  const e = error as Error & { code?: unknown; errcode?: unknown };
  const message = e.message || e.name;
  const code =
    e.code === "ERR_SQLITE_ERROR" && typeof e.errcode === "number"
      ? `${sqliteResultName(e.errcode)} (${e.errcode})`
      : typeof e.code === "string"
        ? e.code
        : null;
  return oneLine(
    code === null || message.includes(String(e.code)) ? message : `${code}: ${message}`,
  );
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").slice(0, 500);
}

/**
 * The request's path for the log: no query string, and no invitation token (a link that
 * signs someone up) in /invite/{token} or /api/invitations/{token}.
 */
function loggablePath(url: string): string {
  const pathname = url.split("?")[0] ?? "";
  return pathname.replace(/\/(invite|invitations)\/[^/]+/g, (match, prefix: string) =>
    match === `/${prefix}/accept` ? match : `/${prefix}/{token}`,
  );
}
