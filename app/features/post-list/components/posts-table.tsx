import { FilterXIcon } from "lucide-react";
import * as React from "react";
import { useSearchParams } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { ListRange } from "#app/components/dashboard/list-toolbar.tsx";
import { Pager } from "#app/components/site/pager.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useStaffPosts } from "#app/features/post-list/api/get-staff-posts.ts";
import {
  clearedView,
  hasOwnFilters,
  type ListPreset,
  listViewSearch,
  type PostListView,
  readListView,
  type SortDate,
} from "#app/features/post-list/post-list-view.ts";
import { errorMessage } from "#app/lib/api-client.ts";
import { currentSearchParams } from "#app/lib/current-address.ts";
import { withPage } from "#common/paging.ts";
import { BulkBar } from "./bulk-bar.tsx";
import { PostCompactList } from "./post-rows.tsx";
import { type PageSelection, PostTable } from "./post-table.tsx";
import { PostsToolbar } from "./posts-toolbar.tsx";

/** How many placeholder rows show while the first page loads. */
const PLACEHOLDER_ROWS = 6;

/**
 * A staff post list as a table (docs/product.md#content-lists): one page at a time from the
 * server, with the search, filters, sort and page in the address, so a view can be linked,
 * reloaded and walked back through. Choosing a filter, a sort or a page adds a history entry;
 * typing replaces the current one. Rows can be selected for the bulk actions.
 */
export function PostsTable({
  label,
  preset,
  dateField,
  empty,
}: {
  /** The table's accessible name: the section's heading. */
  label: string;
  preset: ListPreset;
  /** The date the date header sorts by while the view is sorted by title. */
  dateField: SortDate;
  /** What an empty section says, when no search or filter of the person's hides anything. */
  empty: React.ReactNode;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readListView(searchParams, preset);
  const posts = useStaffPosts(view);
  const [selected, setSelected] = React.useState<ReadonlySet<string>>(new Set());

  // A selection belongs to the rows on screen: another view starts without one.
  const viewKey = listViewSearch(view, preset);
  const [selectionView, setSelectionView] = React.useState(viewKey);
  if (selectionView !== viewKey) {
    setSelectionView(viewKey);
    setSelected(new Set());
  }

  /** Changes the view, from the one the address holds now (currentSearchParams). */
  function go(change: (current: PostListView) => PostListView, { replace = false } = {}) {
    const next = change(readListView(currentSearchParams(), preset));
    setSearchParams(new URLSearchParams(listViewSearch(next, preset)), {
      replace,
      preventScrollReset: true,
    });
  }

  const rows = posts.data?.items ?? [];
  const pageIds = rows.map((post) => post.id);
  const selection: PageSelection = {
    isSelected: (id) => selected.has(id),
    toggle: (id) =>
      setSelected((now) => {
        const next = new Set(now);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    selectedOnPage: pageIds.filter((id) => selected.has(id)).length,
    toggleAll: () =>
      setSelected((now) => (pageIds.every((id) => now.has(id)) ? new Set() : new Set(pageIds))),
  };
  const selectedIds = pageIds.filter((id) => selected.has(id));

  return (
    <div data-slot="posts-table">
      <PostsToolbar
        view={view}
        preset={preset}
        // A new search, filter or sort starts at page 1.
        onChange={(change, { typing }) =>
          go((current) => ({ ...current, ...change, page: 1 }), { replace: typing })
        }
      />
      {selectedIds.length > 0 ? (
        <BulkBar ids={selectedIds} onDone={() => setSelected(new Set())} />
      ) : null}
      {posts.isPending ? (
        <Placeholders label={label} />
      ) : posts.isError && !posts.data ? (
        <p role="alert" className="text-redstone-400">
          {errorMessage(posts.error, "Failed to load the posts.")}
        </p>
      ) : posts.data.total === 0 ? (
        hasOwnFilters(view, preset) ? (
          <EmptyState
            icon={FilterXIcon}
            title="Nothing matches these filters"
            description="No post matches this search and these filters."
            action={
              <Button
                variant="secondary"
                onClick={() => go((current) => clearedView(current, preset))}
              >
                Clear filters
              </Button>
            }
          />
        ) : (
          empty
        )
      ) : rows.length === 0 ? (
        <EmptyState
          title={`There is no page ${view.page}`}
          description={`This list has ${posts.data.totalPages} ${posts.data.totalPages === 1 ? "page" : "pages"}.`}
          action={
            <Button
              variant="secondary"
              onClick={() => go((current) => ({ ...current, page: posts.data.totalPages }))}
            >
              Go to the last page
            </Button>
          }
        />
      ) : (
        <>
          <div className="hidden md:block">
            <PostTable
              posts={rows}
              label={label}
              sort={view.sort}
              dateField={dateField}
              onSort={(sort) => go((current) => ({ ...current, sort, page: 1 }))}
              selection={selection}
              busy={posts.isPlaceholderData}
            />
          </div>
          <div className="md:hidden">
            <label className="mb-1 flex items-center gap-2 border-b border-night-700 pb-2 text-sm text-zinc-400">
              <input
                type="checkbox"
                checked={selection.selectedOnPage === rows.length}
                onChange={selection.toggleAll}
                className="size-4 accent-grass-500"
              />
              Select all on this page
            </label>
            <PostCompactList
              posts={rows}
              label={label}
              selection={selection}
              className={posts.isPlaceholderData ? "opacity-60" : undefined}
            />
          </div>
          <ListRange
            page={posts.data.page}
            pageSize={posts.data.pageSize}
            total={posts.data.total}
            noun={["post", "posts"]}
            className="mt-4 text-center"
          />
          <Pager
            page={posts.data.page}
            totalPages={posts.data.totalPages}
            search={withPage(searchParams, 1)}
            label={`${label} pages`}
          />
        </>
      )}
    </div>
  );
}

function Placeholders({ label }: { label: string }) {
  return (
    <ul aria-label={`${label} (loading)`} aria-busy="true" className="divide-y divide-night-800">
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={index} data-slot="skeleton-row" className="flex items-center gap-3 py-3">
          <Skeleton className="h-9 w-16" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </li>
      ))}
    </ul>
  );
}
