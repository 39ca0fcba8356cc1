import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { pageHydrates } from "#app/lib/page-hydration.ts";
import { loggedUrl, logger } from "#server/config/logger.server.ts";
import { pageScriptsContext } from "#server/context.server.ts";
import type { PageScripts } from "#server/http/content-security-policy.server.ts";
import { recordPageFault } from "#server/http/page-faults.server.ts";

export const streamTimeout = 5_000;

/**
 * Every error a loader, action or render throws. A fault of the storage or database (a database
 * that does not answer) is logged in one line and turns the answer into 503 or 507 (see
 * server/http/page-faults.server.ts); anything else is logged whole, as React Router does. A
 * request whose client has gone is no error: nobody waits for its answer.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (recordPageFault(error, { request, context })) return;
  logPageError(request, error);
};

/** An unexpected failure while answering a page: logged with its stack (the page says nothing). */
function logPageError(request: Request, error: unknown) {
  const { pathname } = new URL(request.url);
  logger.error({ err: error }, `${request.method} ${loggedUrl(pathname)} failed`);
}

/** Whether the page's routes let React hydrate it (app/lib/page-hydration.ts). */
function hydrates({ staticHandlerContext, routeModules }: EntryContext): boolean {
  return pageHydrates(
    staticHandlerContext.matches.map((match) => routeModules[match.route.id]?.handle),
  );
}

/**
 * Renders a page whole, then answers it in one piece: its Content-Security-Policy lists the
 * hashes of the page's inline scripts, which are known only once the page is complete
 * (docs/decisions/009-script-hashes.md). The loaders have awaited their data already, so
 * holding the page back until the end costs nothing but the bytes. A static page is rendered
 * at once (renderStaticPage); a hydrated one streams from React, and stops rendering as soon as
 * its client disconnects, answering nothing.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD" || request.signal.aborted) {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const pageScripts = loadContext.get(pageScriptsContext);
  const nonce = pageScripts?.mark;
  if (!hydrates(routerContext)) {
    return renderStaticPage(
      responseStatusCode,
      responseHeaders,
      routerContext,
      request.url,
      pageScripts,
    );
  }

  return new Promise<Response>((resolve, reject) => {
    let done = false;
    let shellRendered = false;
    /** Settles the answer once: with the page, or with the error that stopped it. */
    const settle = (outcome: { response: Response } | { error: unknown }) => {
      if (done) return;
      done = true;
      clearTimeout(timeoutId);
      request.signal.removeEventListener("abort", leave);
      if ("response" in outcome) resolve(outcome.response);
      else reject(outcome.error);
    };
    const finish = (response: Response) => settle({ response });
    const fail = (error: unknown) => settle({ error });
    // No one will read this page: stop rendering, and answer nothing (React Router does not
    // send an answer to a closed connection).
    const leave = () => {
      abort();
      finish(new Response(null, { status: responseStatusCode }));
    };
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    // The page is wanted whole, so React's output is gathered as it writes it, without a
    // stream in between: once every part is ready, React writes them all and ends at once.
    // (React writes bytes, and long strings as they are.)
    const pieces: Uint8Array[] = [];
    const page = {
      write(chunk: Uint8Array | string) {
        pieces.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        return true;
      },
      end() {
        if (done) return;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        finish(
          pageResponse(Buffer.concat(pieces), pageScripts, responseHeaders, responseStatusCode),
        );
      },
      on() {
        return page;
      },
      destroy: fail,
    };

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          if (done) return;
          pipe(page as unknown as NodeJS.WritableStream);
        },
        onShellError: fail,
        onError(error: unknown) {
          if (request.signal.aborted) return;
          responseStatusCode = 500;
          // An error before the shell is complete reaches onShellError, and handleError logs it.
          if (shellRendered) logPageError(request, error);
        },
      },
    );
    request.signal.addEventListener("abort", leave, { once: true });
  });
}

/**
 * A page React does not hydrate (docs/decisions/031-static-public-pages.md), rendered at once
 * to one string: its loaders have their data and none of its parts suspends, so there is
 * nothing to wait for, and no stream to write through. Nor does it need what lets React take
 * over a page in the browser (its loaders' data, the markers between adjacent texts).
 * A render that fails throws, and React Router answers with the error page, as for any page.
 */
function renderStaticPage(
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  url: string,
  pageScripts: PageScripts | null,
): Response {
  // The stream of the loaders' data is let go, not cancelled: React Router has encoded the
  // data already, and a cancelled stream makes each of its remaining writes throw.
  routerContext.serverHandoffStream = undefined;
  const html = renderToStaticMarkup(
    <ServerRouter context={routerContext} url={url} nonce={pageScripts?.mark} />,
  );
  headers.set("Content-Type", "text/html; charset=utf-8");
  // React writes the doctype itself only when it streams.
  return pageResponse(Buffer.from(`<!DOCTYPE html>${html}`), pageScripts, headers, status);
}

/**
 * The answer with a rendered page: its bytes without the scripts' marks (in place), handed to
 * the response as they are. A Response given bytes copies them; given a stream of them, it
 * reads them as they are.
 */
function pageResponse(
  page: Buffer,
  pageScripts: PageScripts | null,
  headers: Headers,
  status: number,
): Response {
  const body = pageScripts ? pageScripts.allow(page) : page;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  return new Response(stream, { headers, status });
}
