import pixelFont from "@fontsource/press-start-2p/files/press-start-2p-latin-400-normal.woff2?url";
import spaceGroteskFont from "@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2?url";
import * as React from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { StaticPageContext, usePageHydrates } from "#app/lib/page-hydration.ts";
import { keepOnSearchChange } from "#app/lib/search-change.ts";
import { getViewer } from "#server/auth/page-access.server.ts";
import { serverContext } from "#server/context.server.ts";
import { answerPageFaults } from "#server/http/page-faults.server.ts";
import { answerUnreadableForms } from "#server/http/page-forms.server.ts";
import { siteScriptUrl } from "#server/http/site-script.server.ts";
import { currentSiteSettings } from "#server/services/site-settings.server.ts";
import type { Route } from "./+types/root.ts";
import "./app.css";
import { ToastProvider } from "./components/ui/toast.tsx";

/**
 * A database that does not answer makes the page 503 with Retry-After, not 500; a form posted
 * with a body no form parser reads is 415 or 400 before any action runs.
 */
export const middleware: Route.MiddlewareFunction[] = [answerPageFaults, answerUnreadableForms];

/**
 * The two font files every page uses above the fold (app.css: headings and pixel labels),
 * fetched at once with the page rather than after its stylesheet has been read.
 */
export const links: Route.LinksFunction = () =>
  [spaceGroteskFont, pixelFont].map((href) => ({
    rel: "preload",
    as: "font",
    type: "font/woff2",
    href,
    crossOrigin: "anonymous" as const,
  }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = context.get(serverContext);
  const [viewer, site] = await Promise.all([
    getViewer(context, request),
    // The settings saved in the dashboard (or their defaults), remembered for a moment.
    currentSiteSettings(db, config.siteDefaults),
  ]);
  // Only the public subset of the configuration reaches the browser.
  return {
    site,
    siteUrl: config.siteUrl,
    // docs/product/public-site.md#navigation: signed in is whether the current user is known,
    // access or not.
    isSignedIn: viewer !== null,
    /** The script of the pages React does not hydrate (docs/decisions/031-static-public-pages.md). */
    siteScript: siteScriptUrl,
  };
}

/** The site's settings and whether someone is signed in do not depend on the query string. */
export const shouldRevalidate = keepOnSearchChange;

export function Layout({ children }: { children: React.ReactNode }) {
  // A mark that the page is interactive, also on error pages: browser tests wait for it before
  // they type or click, since an event that arrives before hydration has no handler to go to.
  // On a page React does not hydrate, the site script sets it once it has taken over.
  React.useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const hydrates = usePageHydrates();
  const siteScript = useRouteLoaderData<typeof loader>("root")?.siteScript;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#07090d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {/* A module script runs once the page is parsed; named in the head, it is fetched at once. */}
        {!hydrates && siteScript ? <script type="module" src={siteScript} /> : null}
      </head>
      <body className="min-h-screen">
        <StaticPageContext value={!hydrates}>{children}</StaticPageContext>
        {hydrates ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

/** The root loader's data, for components anywhere in the tree. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // In the browser only: on the server, handleError (entry.server.tsx) has logged the error
  // itself already, and what reaches this page there is a stand-in without the cause.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-white">
        {status === 404 ? "404 Page Not Found" : "Something went wrong"}
      </h1>
      <p className="mt-4 text-zinc-400">
        {status === 404
          ? "Did you forget to add the page to the router?"
          : "Please reload the page or try again in a moment."}
      </p>
    </main>
  );
}
