import { type DestinationStream, type Logger, pino } from "pino";
import { CREDENTIAL_LINK_PREFIX_PATTERN } from "#common/paths.ts";
import type { LogLevel } from "./env.server.ts";

// The process's one logger: JSON lines, one object per event. Informational lines (a request
// line per request among them) go to stdout and warnings and errors to stderr, each line whole.
// Warnings and errors are written at once, synchronously, so a crash loses none of them.
// stdout is written asynchronously: lines logged while a write is under way go out together in
// the next one, which under load is one write for many requests instead of one each (a third of
// a cache hit's CPU, measured in docs/benchmarks.md); pino flushes what is left when the process
// exits, however it exits short of SIGKILL. Development prints the same events readably
// (pino-pretty, a development dependency loaded only there).

/**
 * Where a secret could sit in anything logged: credentials in headers, and passwords and tokens
 * in a logged object or one level below (an error's details, a request body). Request lines
 * never carry headers or bodies at all (request-log.server.ts); this is the second line of
 * defence for what a caller passes in.
 */
export const REDACTED_PATHS = [
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  "*.headers.cookie",
  "*.headers.authorization",
  '*.headers["set-cookie"]',
  "cookie",
  "authorization",
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.token",
  "*.secret",
];

/**
 * Query parameters whose values are never logged, whatever their case: tokens and secrets
 * (an OpenID Connect callback's code and state among them), and an e-mail address (the
 * unsubscribe link carries one).
 */
const SECRET_QUERY_PARAMETER = /^(code|state|password|key|signature|sig|email|.*token|.*secret)$/i;

/**
 * Paths whose last segment is a secret: the links that carry one (CREDENTIAL_LINK_PREFIXES:
 * an invitation, a password reset, a subscriber's confirmation and unsubscribe links, a post's
 * preview link, and their data requests such as `/invite/{token}.data`), the API call that reads an invitation
 * (`/api/invitations/{token}`) and better-auth's reset call.
 */
const SECRET_PATH = new RegExp(
  `^(${CREDENTIAL_LINK_PREFIX_PATTERN}|/api/invitations/(?!accept(?:[/?]|$))|/api/auth/reset-password/)[^/?]+`,
);

/**
 * The address as logged: the path and query, with a secret path segment and the values of
 * token-like query parameters replaced by `[redacted]`. Addresses without either (nearly all)
 * are returned as they are, with no parsing.
 */
export function loggedUrl(url: string): string {
  let out = SECRET_PATH.test(url) ? url.replace(SECRET_PATH, "$1[redacted]") : url;
  const query = out.indexOf("?");
  if (query === -1) return out;
  const parts = out.slice(query + 1).split("&");
  let changed = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const equals = part.indexOf("=");
    const rawName = equals === -1 ? part : part.slice(0, equals);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName);
    } catch {
      // Left as sent; still compared below.
    }
    if (SECRET_QUERY_PARAMETER.test(name)) {
      parts[i] = `${rawName}=[redacted]`;
      changed = true;
    }
  }
  if (changed) out = `${out.slice(0, query)}?${parts.join("&")}`;
  return out;
}

function loggerOptions(level: LogLevel, redact: boolean) {
  return {
    level,
    base: { pid: process.pid },
    ...(redact ? { redact: { paths: REDACTED_PATHS, censor: "[redacted]" } } : {}),
    serializers: { err: pino.stdSerializers.err },
  };
}

/**
 * At most this many bytes of lines wait in memory for stdout's reader (docs/operations.md). A
 * reader that falls further behind (a log shipper that stalls, a terminal scrolled back) would
 * otherwise have the process hold every line since, without limit: at a thousand requests a
 * second that is a quarter of a megabyte of request lines a second. Lines beyond it are
 * dropped, and counted in a warning on stderr.
 */
export const STDOUT_BUFFER_MAX_BYTES = 8 * 1024 * 1024;

/** How long after the first dropped line the warning that counts them is written. */
const DROPPED_LINES_REPORT_MS = 1000;

/**
 * An asynchronous destination on `fd` holding at most `maxBytes` of unwritten lines; what it
 * drops is counted, and `report` told the count about a second after the first drop.
 */
export function boundedDestination(
  fd: number,
  maxBytes: number,
  report: (droppedLines: number) => void,
) {
  const stream = pino.destination({ dest: fd, sync: false, maxLength: maxBytes });
  let dropped = 0;
  stream.on("drop", () => {
    dropped += 1;
    if (dropped > 1) return;
    setTimeout(() => {
      report(dropped);
      dropped = 0;
    }, DROPPED_LINES_REPORT_MS).unref();
  });
  return stream;
}

/** stdout for trace to info, stderr for warn and above; each line goes to one of them only. */
function splitStreams(): DestinationStream {
  const stdout = boundedDestination(1, STDOUT_BUFFER_MAX_BYTES, (droppedLines) =>
    logger.warn(
      { droppedLines },
      "Log lines were dropped: standard output was not read as fast as they were written",
    ),
  );
  return pino.multistream(
    [
      { level: "trace", stream: stdout },
      { level: "warn", stream: pino.destination({ dest: 2, sync: true }) },
    ],
    { dedupe: true },
  );
}

/** Where every logger here writes. */
let destination: DestinationStream = splitStreams();

/** A logger like the process's (same fields, same redaction) writing to `stream`. */
export function createLogger(stream: DestinationStream, level: LogLevel = "info"): Logger {
  return pino(loggerOptions(level, true), stream);
}

/**
 * The logger every part of the server writes through. Until configureLogger runs it logs at
 * "info"; configureLogger sets the level (and in development the readable output).
 */
export let logger: Logger = createLogger(destination);

/**
 * The logger of the request lines (request-log.server.ts), at the same level and to the same
 * place as `logger` but without its redaction: a request line is built from method, address
 * and status only, and redaction's wildcard paths would cost more than the rest of the line
 * (they walk every object logged, and each per-request child logger's bindings). Whatever else
 * is logged while answering a request goes through `logger`.
 */
export function createRequestLogger(): Logger {
  return pino(loggerOptions(logger.level as LogLevel, false), destination);
}

/**
 * Sends every later line to `stream` instead (tests catch logged errors this way); answers
 * where lines went until now.
 */
export function setLogDestination(
  stream: DestinationStream,
  level: LogLevel = "info",
): DestinationStream {
  const previous = destination;
  destination = stream;
  logger = createLogger(stream, level);
  return previous;
}

/**
 * Applies LOG_LEVEL, and in development replaces JSON with readable lines. Called once at
 * start-up, before anything is logged.
 */
export async function configureLogger({
  level,
  readable,
}: {
  level: LogLevel;
  readable: boolean;
}): Promise<Logger> {
  if (readable) {
    const { default: pretty } = await import("pino-pretty");
    setLogDestination(pretty({ sync: true, ignore: "pid,hostname" }), level);
  } else {
    logger.level = level;
  }
  return logger;
}
