/**
 * The server's one error catalogue: every failure a caller should see is an HttpError made by
 * one of the named constructors below. Handlers, services, storage and auth throw it; the API's
 * error middleware turns it into `{"message": …}` (plus `errors` for invalid input, and any
 * `details`).
 * It lives at the root of server/ and imports nothing, so every layer may throw it.
 */
export class HttpError extends Error {
  override name = "HttpError";
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  /** Seconds a client should wait before trying again (sent as Retry-After), if any. */
  readonly retryAfterSeconds: number | undefined;
  /**
   * More fields of the answer, sent beside `message` (a version conflict's `conflict`). They
   * never replace `message` or `errors`.
   */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    message: string,
    errors?: Record<string, string>,
    /** `cause`: the failure behind an answer about the server itself (503, 507), for the log. */
    options: {
      cause?: unknown;
      retryAfterSeconds?: number;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.errors = errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }

  static badRequest(message: string, errors?: Record<string, string>) {
    return new HttpError(400, message, errors);
  }
  static unauthorized(message = "You need to sign in to do that.") {
    return new HttpError(401, message);
  }
  static forbidden(message = "You do not have access to this.") {
    return new HttpError(403, message);
  }
  static notFound(message = "Not found.") {
    return new HttpError(404, message);
  }
  /** 409; `details` are sent beside the message (a version conflict's `conflict`). */
  static conflict(message: string, details?: Record<string, unknown>) {
    return new HttpError(409, message, undefined, { details });
  }
  static payloadTooLarge(message = "The request is too large.") {
    return new HttpError(413, message);
  }
  static unsupportedMediaType(message: string) {
    return new HttpError(415, message);
  }
  static badGateway(message: string) {
    return new HttpError(502, message);
  }
  static gatewayTimeout(message: string) {
    return new HttpError(504, message);
  }
  static tooManyRequests(message = "Too many requests. Please wait a while and try again.") {
    return new HttpError(429, message);
  }
  /** 507: the disk (or the database's file) is full; `cause` is what the system said. */
  static storageFull(cause: unknown) {
    return new HttpError(507, FAULT_MESSAGES.storageFull, undefined, { cause });
  }
  /** 503: files or the database cannot be written (read-only, no permission). */
  static storageUnavailable(cause: unknown) {
    return new HttpError(503, FAULT_MESSAGES.storageUnavailable, undefined, {
      cause,
      retryAfterSeconds: RETRY_AFTER_SECONDS.storage,
    });
  }
  /** 503: the database does not answer (refused, timed out, shutting down, locked). */
  static databaseUnavailable(cause: unknown) {
    return new HttpError(503, FAULT_MESSAGES.databaseUnavailable, undefined, {
      cause,
      retryAfterSeconds: RETRY_AFTER_SECONDS.database,
    });
  }
}

/** What a request that met a fault of the server's own storage or database is told. */
export const FAULT_MESSAGES = {
  storageFull:
    "The server's storage is full, so nothing was saved. Please try again once space has been freed.",
  storageUnavailable:
    "The server cannot save anything right now (its storage is not writable), so nothing was saved. Please try again later.",
  databaseUnavailable: "The database is not answering right now. Please try again in a moment.",
} as const;

/**
 * Retry-After of the 503 answers: a database that went away usually comes back within seconds
 * (a restart, a failover); storage that cannot be written needs someone to act.
 */
export const RETRY_AFTER_SECONDS = { database: 5, storage: 60 } as const;

/** What a failure says, for a log line: an Error's message, or the thrown value as text. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
