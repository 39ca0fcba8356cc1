import type * as React from "react";
import { Link } from "react-router";
import { Pager } from "#app/components/site/pager.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { errorMessage } from "#app/lib/api-client.ts";
import { cn } from "#app/lib/cn.ts";
import { withPage } from "#common/paging.ts";
import type { Paged } from "#common/types/post-list.ts";
import { ListRange } from "./list-toolbar.tsx";

export type PagedTableColumn<T> = {
  header: string;
  cell: (item: T) => React.ReactNode;
  /** Classes of the column's cells (a width, `text-right`, …). */
  className?: string;
};

export type PagedTableProps<T> = {
  /** Where the page is loaded: pending, failed, or done; a refetch keeps the page shown. */
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data?: Paged<T>;
    isPlaceholderData?: boolean;
  };
  /** The table's and the rows' list's accessible name: "Subscribers". */
  label: string;
  /** For the range line: ["subscriber", "subscribers"]. */
  noun: readonly [string, string];
  columns: PagedTableColumn<T>[];
  /** A row as a phone shows it: a compact block of the same facts. */
  compactRow: (item: T) => React.ReactNode;
  /** The row's actions menu (RowActions). */
  actions: (item: T) => React.ReactNode;
  itemKey: (item: T) => string;
  /** The current query string, kept by the page links. */
  search: string;
  /** When the list holds nothing at all (no search or filter). */
  empty: React.ReactNode;
  /** When a search or filter keeps nothing. */
  noMatches: React.ReactNode;
  /** Whether a search or filter is applied (which of the two empty states shows). */
  narrowed: boolean;
  errorFallback: string;
  placeholderRows?: number;
  /** While loading, a line of text said as a status ("Loading employees...") instead. */
  loadingText?: string;
};

/**
 * One page of a dashboard list (docs/product.md#staff-lists): a table on wide screens, compact
 * rows on phones, each with its actions menu; where the page lies in the list, and page links
 * that keep the view. While the next page loads, the one shown stays (marked busy).
 */
export function PagedTable<T>({
  query,
  label,
  noun,
  columns,
  compactRow,
  actions,
  itemKey,
  search,
  empty,
  noMatches,
  narrowed,
  errorFallback,
  placeholderRows = 3,
  loadingText,
}: PagedTableProps<T>) {
  if (query.isPending && loadingText) {
    return (
      <p role="status" className="text-zinc-400">
        {loadingText}
      </p>
    );
  }
  if (query.isPending) {
    return (
      <ul aria-label={`${label} (loading)`} aria-busy="true" className="space-y-2">
        {Array.from({ length: placeholderRows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={index} data-slot="skeleton-row">
            <Skeleton className="h-14 rounded-xl" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError || !query.data) {
    return (
      <p role="alert" className="text-redstone-400">
        {errorMessage(query.error, errorFallback)}
      </p>
    );
  }
  const { items, page, pageSize, total, totalPages } = query.data;
  if (total === 0) return <>{narrowed ? noMatches : empty}</>;
  if (items.length === 0) {
    // Past the last page: an old link, or the last rows of this page were just removed.
    return (
      <div className="space-y-3">
        <p role="status" className="text-zinc-400">
          {`Page ${page} is past the end of the list, which fills ${totalPages} ${totalPages === 1 ? "page" : "pages"}.`}
        </p>
        <Button asChild variant="outline">
          <Link to={{ search: withPage(search, totalPages) }}>{`Go to page ${totalPages}`}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div aria-busy={query.isPlaceholderData ? true : undefined} className="space-y-3">
      <ListRange page={page} pageSize={pageSize} total={total} noun={noun} />
      <Card layout="plain" className="hidden overflow-hidden md:block">
        <table aria-label={label} className="w-full text-left text-sm">
          <thead className="border-b border-night-700 text-xs tracking-wide text-zinc-400 uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={cn("px-4 py-3 font-semibold", column.className)}
                >
                  {column.header}
                </th>
              ))}
              <th scope="col" className="w-14 px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody
            className={cn("divide-y divide-night-800", query.isPlaceholderData && "opacity-60")}
          >
            {items.map((item) => (
              <tr key={itemKey(item)} className="hover:bg-white/[0.02]">
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={cn("px-4 py-3 align-middle", column.className)}
                  >
                    {column.cell(item)}
                  </td>
                ))}
                <td className="px-4 py-2 text-right">{actions(item)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul
        aria-label={label}
        className={cn("space-y-2 md:hidden", query.isPlaceholderData && "opacity-60")}
      >
        {items.map((item) => (
          <li key={itemKey(item)}>
            <Card layout="plain" className="flex items-start gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">{compactRow(item)}</div>
              {actions(item)}
            </Card>
          </li>
        ))}
      </ul>
      <Pager page={page} totalPages={totalPages} search={search} label={`${label} pages`} />
    </div>
  );
}
