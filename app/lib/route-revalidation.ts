import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A route's `shouldRevalidate` for pages whose search, tabs, filters or sort live in the query
 * string and are applied in the browser: a navigation that only changes the query string, with
 * no form sent, keeps the data already here; anything else revalidates as usual.
 */
export function revalidateUnlessOnlySearchChanged({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}
