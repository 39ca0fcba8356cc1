/**
 * The server's one error catalogue: every failure a caller should see is an HttpError made by
 * one of the named constructors below. Handlers, services, storage and auth throw it; the API's
 * error middleware turns it into `{"message": …}` (plus `errors` for invalid input).
 * It lives at the root of server/ and imports nothing, so every layer may throw it.
 */
export class HttpError extends Error {
  override name = "HttpError";
  readonly status: number;
  readonly errors: Record<string, string> | undefined;

  constructor(status: number, message: string, errors?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
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
  static conflict(message: string) {
    return new HttpError(409, message);
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
}
