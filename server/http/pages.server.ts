import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

// The pages' Express handler: what @react-router/express does, save that a page the renderer
// made whole (entry.server.tsx) is written to the socket as the bytes it already is. A
// Response would copy those bytes into a stream of its own, only for them to be read back out
// of it and written here, on every page view.

/** The whole bytes of pages made by `wholePage`, by their Response. */
const pageBodies = new WeakMap<Response, Buffer>();

/**
 * A page's answer with `body` as its content. The Response itself has no body: this module's
 * handler sends `body` as it is; `pageBody` gives it to code that needs it (see `answerWith`).
 */
export function wholePage(body: Buffer, init: ResponseInit): Response {
  const response = new Response(null, init);
  pageBodies.set(response, body);
  return response;
}

/**
 * `response` with another status and headers and the same content, whether that is a whole
 * page's bytes or a stream.
 */
export function answerWith(response: Response, init: ResponseInit): Response {
  const page = pageBodies.get(response);
  return page ? wholePage(page, init) : new Response(response.body, init);
}

type PageHandlerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
};

/** The Express handler of every page (React Router), as @react-router/express's. */
export function pageHandler({ build, mode, getLoadContext }: PageHandlerOptions): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const response = await handle(fetchRequest(req, res), getLoadContext(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The Fetch request React Router takes, made as @react-router/express makes it. */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const forwardedPort = req.app.enabled("trust proxy")
    ? req.get("X-Forwarded-Host")?.split(":")[1]
    : undefined;
  const hostPort = req.get("host")?.split(":")[1];
  const forwarded = Number.parseInt(forwardedPort ?? "", 10);
  const direct = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(forwarded)
    ? forwarded
    : Number.isSafeInteger(direct)
      ? direct
      : "";
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  const page = pageBodies.get(response);
  if (page) {
    res.end(page);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
