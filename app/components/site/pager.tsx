import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { SiteLink } from "#app/components/site/site-link.tsx";
import { cn } from "#app/lib/cn.ts";
import { pagerNumbers, withPage } from "#common/paging.ts";

const ITEM =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md px-3 text-sm font-semibold tabular-nums";

/**
 * The page links under a paged list (docs/product/public-site.md#paged-lists): Previous, the first
 * and last page with the ones around the current, and Next. Plain links that keep the rest of the
 * query string, so paging works before (or without) the page's script; nothing shows for one page.
 */
export function Pager({
  page,
  totalPages,
  search,
  label,
}: {
  page: number;
  totalPages: number;
  /** The current query string (search, sort, filters), kept on every link. */
  search: string;
  /** What is paged, for the navigation's name: "Article pages". */
  label: string;
}) {
  if (totalPages <= 1) return null;
  const link = (n: number) => ({ search: withPage(search, n) });
  return (
    <nav aria-label={label} data-slot="pager" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <SiteLink
              to={link(page - 1)}
              rel="prev"
              className={cn(ITEM, "text-zinc-200 ring-1 ring-night-600 hover:bg-white/5")}
            >
              <ChevronLeftIcon aria-hidden="true" className="size-4" />
              Previous
            </SiteLink>
          ) : null}
        </li>
        {pagerNumbers(page, totalPages).map((entry) => {
          if ("gapAfter" in entry) {
            return (
              <li key={`gap-${entry.gapAfter}`} aria-hidden="true" className="px-1 text-zinc-500">
                …
              </li>
            );
          }
          const n = entry.page;
          return (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className={cn(ITEM, "bg-grass-500 text-night-950")}>
                  <span className="sr-only">Page </span>
                  {n}
                </span>
              ) : (
                <SiteLink
                  to={link(n)}
                  className={cn(ITEM, "text-zinc-200 ring-1 ring-night-600 hover:bg-white/5")}
                >
                  <span className="sr-only">Page </span>
                  {n}
                </SiteLink>
              )}
            </li>
          );
        })}
        <li>
          {page < totalPages ? (
            <SiteLink
              to={link(page + 1)}
              rel="next"
              className={cn(ITEM, "text-zinc-200 ring-1 ring-night-600 hover:bg-white/5")}
            >
              Next
              <ChevronRightIcon aria-hidden="true" className="size-4" />
            </SiteLink>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
