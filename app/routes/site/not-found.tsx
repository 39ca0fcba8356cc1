import { data } from "react-router";
import { NotFoundPage } from "#app/components/site/not-found-page.tsx";

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
