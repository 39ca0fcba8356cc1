import type { Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { RequestHandler } from "express";

/**
 * The methods some address of the site answers. Any other (TRACE, PROPFIND, MKCOL, ...) is
 * answered 501 wherever it is sent: no handler, no page render, nothing logged.
 */
export const SERVED_METHODS: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
]);

export const NOT_IMPLEMENTED_MESSAGE = "This server does not support that request method.";

/** Ahead of every handler: a method the site answers nowhere is 501. */
export const refuseUnservedMethods: RequestHandler = (req, res, next) => {
  if (SERVED_METHODS.has(req.method)) return next();
  res.status(501).set("Cache-Control", "no-store").json({ message: NOT_IMPLEMENTED_MESSAGE });
};

/**
 * Pages whose route module has an action (a form posted to it): they take POST as well. Each
 * is matched with or without a trailing slash and as React Router's data request (`.data`).
 * A new page with an action goes here; tests/repository/page-forms.test.ts checks the list.
 */
const FORM_PAGES = [
  /^\/login$/i,
  /^\/invite\/[^/]+$/i,
  /^\/forgot-password$/i,
  /^\/reset-password\/[^/]+$/i,
  /^\/subscribe$/i,
];

/** Whether the page at this path takes a form (POST). */
export function isFormPage(pathname: string): boolean {
  const page = pathname.replace(/(\/_)?\.data$/i, "").replace(/(.)\/$/, "$1");
  return FORM_PAGES.some((pattern) => pattern.test(page));
}

/**
 * In front of the pages (everything not under /api, /uploads or the build's files): they answer
 * GET and HEAD, and the form pages POST; anything else is 405 with an Allow header, answered
 * here rather than by React Router, which would log it as an error with a stack trace.
 */
export const pageMethods: RequestHandler = (req, res, next) => {
  const form = isFormPage(req.path);
  if (req.method === "GET" || req.method === "HEAD" || (form && req.method === "POST")) {
    return next();
  }
  res
    .status(405)
    .set({ Allow: form ? "GET, HEAD, POST" : "GET, HEAD", "Cache-Control": "no-store" })
    .json({ message: `This page does not take ${req.method} requests.` });
};

/**
 * What the HTTP server answers before the app sees a request: CONNECT (a tunnel, which Node
 * would otherwise drop without a word) and a method its parser does not know (which Node would
 * answer 400) get 501. Every other malformed request is answered as Node does by default.
 */
export function answerUnservedMethods(server: Server) {
  server.on("connect", (_req, socket: Duplex) => {
    socket.end(rawAnswer(501, "Not Implemented", NOT_IMPLEMENTED_MESSAGE), () => socket.destroy());
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Node's own rule: answer only when no answer to an earlier request is half-written.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      socket.write(CLIENT_ERROR_ANSWERS[error.code ?? ""] ?? BAD_REQUEST);
    }
    socket.destroy(error);
  });
}

function rawAnswer(status: number, reason: string, message?: string): string {
  const body = message === undefined ? "" : JSON.stringify({ message });
  const type = body ? "Content-Type: application/json; charset=utf-8\r\n" : "";
  return `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

const BAD_REQUEST = rawAnswer(400, "Bad Request");
/** Node's answers to a request it cannot parse, and ours to a method it does not know. */
const CLIENT_ERROR_ANSWERS: Record<string, string> = {
  HPE_INVALID_METHOD: rawAnswer(501, "Not Implemented", NOT_IMPLEMENTED_MESSAGE),
  HPE_HEADER_OVERFLOW: rawAnswer(431, "Request Header Fields Too Large"),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: rawAnswer(413, "Payload Too Large"),
  ERR_HTTP_REQUEST_TIMEOUT: rawAnswer(408, "Request Timeout"),
};
