import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Whether a navigation changes only the query string (a staff list's filter, sort or page), not
 * a form's submission or an explicit revalidation of the same address.
 */
export function changesOnlySearch({
  currentUrl,
  nextUrl,
  formMethod,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl" | "formMethod">): boolean {
  return (
    !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
  );
}

/**
 * The `shouldRevalidate` of a layout whose data does not depend on the query string (the site's
 * settings, the navigation's apps): a move that changes only the query string does not load it
 * again. Without this, each such move waited for a server round trip before the address changed,
 * and a second filter chosen meanwhile started from the old address and undid the first.
 */
export function keepOnSearchChange(args: ShouldRevalidateFunctionArgs): boolean {
  return changesOnlySearch(args) ? false : args.defaultShouldRevalidate;
}
