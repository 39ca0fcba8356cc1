import { data } from "react-router";
import { NotFoundPage } from "#app/components/site/not-found-page.tsx";
import { loadAsDocument, staticPage } from "#app/lib/page-hydration.ts";

/** Server-rendered HTML with the site script, not hydrated (docs/decisions/031-static-public-pages.md). */
export const handle = staticPage;
export const clientMiddleware = [loadAsDocument];

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}

export function meta() {
  return [{ title: "404 Page Not Found" }];
}
