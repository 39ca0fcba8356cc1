import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "#common/constants.ts";
import { MAX_FEATURED_IMAGE_DATA_URL_LENGTH } from "#common/schemas/post.ts";
import { MAX_IMPORT_BYTES } from "#common/subscriber-import.ts";

const KB = 1024;
const MB = 1024 * KB;

/** The generic refusal; the upload call has its own words (the dashboard shows them). */
export const BODY_TOO_LARGE_MESSAGE = "The request body is too large.";

/**
 * The largest request body each address reads, in bytes: the one table of body limits. A body
 * over its limit is answered 413 before a handler reads it (see `limitRequestBodies`).
 */
export const BODY_LIMITS = {
  /** `/api/auth/*`: an e-mail and a password, a session id. */
  signIn: 16 * KB,
  /** `/api/newsletter/*`: one e-mail address. */
  newsletter: 16 * KB,
  /**
   * `/api/posts`: a post may carry its featured image as a `data:` URL of up to
   * MAX_UPLOAD_BYTES, plus its text.
   */
  post: MAX_FEATURED_IMAGE_DATA_URL_LENGTH + MB,
  /**
   * `/api/upload/*` and `/api/media` (an upload to the library, a replaced file): one image of
   * up to MAX_UPLOAD_BYTES and its multipart framing.
   */
  upload: MAX_UPLOAD_BYTES + MB,
  /** `/api/subscribers/import`: one CSV file of up to MAX_IMPORT_BYTES and its framing. */
  subscriberImport: MAX_IMPORT_BYTES + 64 * KB,
  /** `/api/mail-events`: a mail provider's notice, or a batch of them (SendGrid's arrays). */
  mailEvents: MB,
  /** Every other `/api` call: JSON forms (apps, employees, invitations, ...). */
  json: MB,
  /** Everything else: the sign-in and invitation forms; no other page reads a body. */
  page: 16 * KB,
} as const;

type BodyLimit = { bytes: number; message: string };

const API_LIMITS: [prefix: string, limit: BodyLimit][] = [
  ["/api/auth", { bytes: BODY_LIMITS.signIn, message: BODY_TOO_LARGE_MESSAGE }],
  ["/api/newsletter", { bytes: BODY_LIMITS.newsletter, message: BODY_TOO_LARGE_MESSAGE }],
  ["/api/posts", { bytes: BODY_LIMITS.post, message: BODY_TOO_LARGE_MESSAGE }],
  ["/api/mail-events", { bytes: BODY_LIMITS.mailEvents, message: BODY_TOO_LARGE_MESSAGE }],
  ["/api/upload", { bytes: BODY_LIMITS.upload, message: UPLOAD_MESSAGES.tooLarge }],
  ["/api/media", { bytes: BODY_LIMITS.upload, message: UPLOAD_MESSAGES.tooLarge }],
  [
    "/api/subscribers/import",
    { bytes: BODY_LIMITS.subscriberImport, message: BODY_TOO_LARGE_MESSAGE },
  ],
];
const JSON_LIMIT: BodyLimit = { bytes: BODY_LIMITS.json, message: BODY_TOO_LARGE_MESSAGE };
const PAGE_LIMIT: BodyLimit = { bytes: BODY_LIMITS.page, message: BODY_TOO_LARGE_MESSAGE };

/** The limit for a path (Express matches paths ignoring case, and so does this). */
export function bodyLimitFor(pathname: string): BodyLimit {
  const path = pathname.toLowerCase();
  if (!isUnder(path, "/api")) return PAGE_LIMIT;
  for (const [prefix, limit] of API_LIMITS) {
    if (isUnder(path, prefix)) return limit;
  }
  return JSON_LIMIT;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Requests whose body was refused. */
const refused = new WeakSet<IncomingMessage>();

/**
 * Enforces BODY_LIMITS for every request, ahead of every handler and body parser (better-auth,
 * the JSON parsers, multer, React Router's form actions), which each read a body whole:
 *
 * - a declared Content-Length over the limit is answered 413 at once, nothing of it read;
 * - a body without a declared length (chunked) is counted as it arrives, and answered 413 the
 *   moment it passes the limit; what it sent beyond that is never handed to a handler.
 *
 * Either way the answer says `Connection: close`, so Node closes the connection after it instead
 * of reading and discarding the rest. A chunked body that is still arriving when a handler has
 * answered (without reading it) also closes its connection, for the same reason.
 */
export const limitRequestBodies: RequestHandler = (req, res, next) => {
  const declared = req.headers["content-length"];
  const chunked = declared === undefined && req.headers["transfer-encoding"] !== undefined;
  if (declared === undefined && !chunked) return next();
  const limit = bodyLimitFor(req.path);
  // Node has checked the header is one whole number.
  if (declared !== undefined && Number(declared) > limit.bytes) {
    refuse(req, res, limit);
    return;
  }
  if (chunked) countChunkedBody(req, res, limit);
  // The client waits for this before it sends the body (see continueOnlyWithinLimits).
  if (req.headers.expect?.toLowerCase() === "100-continue") res.writeContinue();
  next();
};

/**
 * A client that asks before sending its body (`Expect: 100-continue`) is told to go ahead by
 * `limitRequestBodies`, once its declared length is within the limit, instead of by Node before
 * the app has looked; a body over the limit is then never sent at all.
 */
export function continueOnlyWithinLimits(server: Server) {
  server.on("checkContinue", (req, res) => server.emit("request", req, res));
}

function countChunkedBody(req: IncomingMessage, res: ServerResponse, limit: BodyLimit) {
  let received = 0;
  const push = req.push;
  // The HTTP parser hands each piece of the body to push(); a false answer makes it stop reading
  // from the connection.
  req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
    if (refused.has(req)) return false;
    if (chunk !== null) {
      received += chunk.length;
      if (received > limit.bytes) {
        refuseWhileReading(req, res, limit);
        return false;
      }
    }
    return push.call(req, chunk, encoding);
  };
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !this.headersSent) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/** Before any handler has seen the request: an ordinary answer, after which Node closes. */
function refuse(req: IncomingMessage, res: ServerResponse, limit: BodyLimit) {
  refused.add(req);
  const body = JSON.stringify({ message: limit.message });
  res.writeHead(413, { ...refusalHeaders(body), Connection: "close" });
  res.end(body);
}

/**
 * While a handler is reading the body: the answer goes straight onto the connection, which then
 * closes. The handler's own response object is left alone, so whatever it does when its read
 * fails (answer, or wait for the request to end first) goes nowhere; its error is not logged
 * (see `bodyWasRefused`).
 */
function refuseWhileReading(req: IncomingMessage, res: ServerResponse, limit: BodyLimit) {
  refused.add(req);
  const socket = req.socket;
  if (res.headersSent) {
    // An answer is already on its way; the connection just ends.
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message: limit.message });
  const head = Object.entries({ ...refusalHeaders(body), Connection: "close" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 413 Payload Too Large\r\n${head}\r\n${body}`, () => socket.destroy());
}

function refusalHeaders(body: string) {
  return {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

/** Whether this request's body was refused: its 413 is out and its connection is closing. */
export function bodyWasRefused(req: IncomingMessage): boolean {
  return refused.has(req);
}

/**
 * The last error handler: a handler that was reading a refused body fails when its connection
 * closes. The request was answered already (413); that is not a fault to log.
 */
export const quietAfterRefusedBody: ErrorRequestHandler = (error, req, _res, next) => {
  if (refused.has(req)) return;
  next(error);
};
