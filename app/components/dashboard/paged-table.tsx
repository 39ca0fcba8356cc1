import type * as React from "react";
import { Link } from "react-router";
import { Pager } from "#app/components/site/pager.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { errorMessage } from "#app/lib/api-client.ts";
import { withPage } from "#common/paging.ts";
import type { Paged } from "#common/types/post-list.ts";
import { ListRange } from "./list-toolbar.tsx";
import { CompactRows, type PageRowsProps, WideTable } from "./paged-table-rows.tsx";

export type {
  PagedTableColumn,
  SortDirection,
  TableSelection,
  TableSorting,
} from "./paged-table-rows.tsx";

/** Where a page of the list is: pending, failed, or done; a refetch keeps the page shown. */
export type PagedQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: Paged<T>;
  isPlaceholderData?: boolean;
};

/**
 * What shows while the first page loads: placeholder rows in a busy list named
 * "{label} (loading)" (3 skeleton rows unless told), or a line of text said as a status.
 */
export type TableLoading = { rows: number; placeholder?: React.ReactNode } | string;

export type PagedTableProps<T> = Omit<PageRowsProps<T>, "items" | "busy"> & {
  query: PagedQuery<T>;
  /** The current query string, kept by the page links. */
  search: string;
  /** When the list holds nothing at all (no search or filter). */
  empty: React.ReactNode;
  /** When a search or filter keeps nothing (`narrowed`). */
  noMatches?: React.ReactNode;
  /** Whether a search or filter is applied (which of the two empty states shows). */
  narrowed?: boolean;
  /** What a failure says when the server gave no message of its own. */
  errorFallback: string;
  loading?: TableLoading;
  /** Where the page lies in the list; "Showing 26–50 of 312 {things}" unless told. */
  summary?: (page: Paged<T>) => React.ReactNode;
  /** The page links; the dashboard's Pager ("{label} pages") unless told. */
  pager?: (page: Paged<T>) => React.ReactNode;
  /** A page past the last one (an old link, or its last rows just removed). */
  pastEnd?: (page: Paged<T>) => React.ReactNode;
  /** The page's items shown another way than as rows (the Media section's grid). */
  body?: (items: readonly T[]) => React.ReactNode;
};

const DEFAULT_LOADING: TableLoading = { rows: 3 };

/**
 * One page of a dashboard list (docs/product/dashboard.md#staff-lists, #content-lists), in every
 * state: placeholders while it loads, the server's message when that failed, the list's own empty
 * or no-match state, a way back from a page past the last; else where the page lies in the list, a
 * table on wide screens and compact rows on phones (each row with its actions, and its checkbox
 * where rows can be selected), and page links that keep the view. While the next page loads, the
 * one shown stays, marked busy.
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { query, label, empty, noMatches, narrowed = false } = props;
  if (query.isPending) return <Loading label={label} loading={props.loading ?? DEFAULT_LOADING} />;
  if (!query.data) {
    return (
      <p role="alert" className="text-redstone-400">
        {errorMessage(query.error, props.errorFallback)}
      </p>
    );
  }
  const page = query.data;
  if (page.total === 0) return <>{narrowed ? noMatches : empty}</>;
  if (page.items.length === 0) {
    return (
      <>{props.pastEnd ? props.pastEnd(page) : <PastEnd page={page} search={props.search} />}</>
    );
  }
  return <TablePage {...props} page={page} busy={query.isPlaceholderData === true} />;
}

function TablePage<T>({
  page,
  busy,
  summary,
  pager,
  search,
  body,
  ...rows
}: PagedTableProps<T> & { page: Paged<T>; busy: boolean }) {
  return (
    <div aria-busy={busy ? true : undefined} className="space-y-3">
      {summary ? (
        summary(page)
      ) : (
        <ListRange page={page.page} pageSize={page.pageSize} total={page.total} noun={rows.noun} />
      )}
      {body ? (
        body(page.items)
      ) : (
        <>
          <WideTable {...rows} items={page.items} busy={busy} />
          <CompactRows {...rows} items={page.items} busy={busy} />
        </>
      )}
      {pager ? (
        pager(page)
      ) : (
        <Pager
          page={page.page}
          totalPages={page.totalPages}
          search={search}
          label={`${rows.label} pages`}
        />
      )}
    </div>
  );
}

function Loading({ label, loading }: { label: string; loading: TableLoading }) {
  if (typeof loading === "string") {
    return (
      <p role="status" className="text-zinc-400">
        {loading}
      </p>
    );
  }
  return (
    <ul aria-label={`${label} (loading)`} aria-busy="true" className="space-y-2">
      {Array.from({ length: loading.rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={index} data-slot="skeleton-row">
          {loading.placeholder ?? <Skeleton className="h-14 rounded-xl" />}
        </li>
      ))}
    </ul>
  );
}

/** A page past the last: where the list ends, and a link to its last page. */
function PastEnd({ page, search }: { page: Paged<unknown>; search: string }) {
  const { totalPages } = page;
  return (
    <div className="space-y-3">
      <p role="status" className="text-zinc-400">
        {`Page ${page.page} is past the end of the list, which fills ${totalPages} ${totalPages === 1 ? "page" : "pages"}.`}
      </p>
      <Button asChild variant="outline">
        <Link to={{ search: withPage(search, totalPages) }}>{`Go to page ${totalPages}`}</Link>
      </Button>
    </div>
  );
}
