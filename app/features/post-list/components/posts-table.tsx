import { FilterXIcon } from "lucide-react";
import type * as React from "react";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import {
  PagedTable,
  type PagedTableColumn,
  type TableSelection,
} from "#app/components/dashboard/paged-table.tsx";
import { RowThumbnail } from "#app/components/dashboard/row-thumbnail.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  clearedView,
  hasOwnFilters,
  type ListPreset,
  NO_CONTENT,
  nextHeaderSort,
  SORT_DATES,
  type SortDate,
  sortDirection,
  sortParts,
} from "#app/features/post-list/post-list-view.ts";
import type { PostsView } from "#app/features/post-list/use-posts-view.ts";
import type { StaffPostSort } from "#common/constants.ts";
import { postPath } from "#common/paths.ts";
import type { StaffPostRow } from "#common/types/post-list.ts";
import { PostDateLine } from "./post-date-line.tsx";
import { PostRowMenu } from "./post-row-menu.tsx";
import {
  POST_ROW_PLACEHOLDER,
  PostCompactRow,
  PostStatusBadge,
  PostTitleLink,
  postAuthorText,
  postKindText,
} from "./post-rows.tsx";

/**
 * A staff post list as a table (docs/product/dashboard.md#content-lists): one page at a time from
 * the server, its view in the address (usePostsView). Wide screens get a checkbox, the title with a
 * thumbnail and the address under it, status, category and pack type, author, the date that matters
 * for the state, and the row's menu; the title and date headers sort, the date header by the date
 * the view is sorted by (else `dateField`). Phones get compact rows.
 */
export function PostsTable({
  label,
  preset,
  dateField,
  posts: { view, posts, go, search },
  selection,
  empty,
}: {
  /** The table's accessible name: the section's heading. */
  label: string;
  preset: ListPreset;
  /** The date the date header sorts by while the view is sorted by title. */
  dateField: SortDate;
  posts: PostsView;
  selection: TableSelection;
  /** What an empty section says, when no search or filter of the person's hides anything. */
  empty: React.ReactNode;
}) {
  return (
    <PagedTable
      query={posts}
      label={label}
      noun={["post", "posts"]}
      columns={postColumns(view.sort, dateField)}
      itemKey={(post) => post.id}
      rowName={(post) => post.title}
      compactRow={(post) => <PostCompactRow post={post} shown={ownDate(sortedDateOf(view.sort))} />}
      actions={(post) => <PostRowMenu post={post} />}
      selection={selection}
      sorting={{
        direction: (field) => sortDirection(view.sort, field),
        onSort: (field) =>
          go((current) => ({
            ...current,
            sort: nextHeaderSort(view.sort, field as "title" | SortDate),
            page: 1,
          })),
      }}
      fixedLayout
      search={search}
      loading={{ rows: 6, placeholder: POST_ROW_PLACEHOLDER }}
      errorFallback="Failed to load the posts."
      empty={empty}
      narrowed={hasOwnFilters(view, preset)}
      noMatches={
        <EmptyState
          icon={FilterXIcon}
          title={NO_CONTENT}
          description="No post matches this search and these filters."
          action={
            <Button variant="secondary" onClick={() => go((now) => clearedView(now, preset))}>
              Clear filters
            </Button>
          }
        />
      }
      pastEnd={({ totalPages }) => (
        <EmptyState
          title={`There is no page ${view.page}`}
          description={`This list has ${totalPages} ${totalPages === 1 ? "page" : "pages"}.`}
          action={
            <Button variant="secondary" onClick={() => go((now) => ({ ...now, page: totalPages }))}>
              Go to the last page
            </Button>
          }
        />
      )}
    />
  );
}

/** The date a view sorted by `sort` is sorted by; null when sorted by title. */
function sortedDateOf(sort: StaffPostSort): SortDate | null {
  const current = sortParts(sort);
  return current.field === "title" ? null : current.field;
}

/** The columns for a view sorted by `sort`; the date column is named after its sorted date. */
function postColumns(sort: StaffPostSort, dateField: SortDate): PagedTableColumn<StaffPostRow>[] {
  const sortedDate = sortedDateOf(sort);
  return [
    { header: "Title", sortField: "title", className: "px-2", cell: titleCell },
    {
      header: "Status",
      className: "w-32 px-2",
      cell: (post) => <PostStatusBadge post={post} />,
    },
    {
      header: "Category",
      className: "hidden w-40 px-2 text-zinc-300 xl:table-cell",
      cell: postKindText,
    },
    {
      header: "Author",
      className: "hidden w-32 truncate px-2 text-zinc-300 lg:table-cell",
      cell: (post) =>
        post.author ? (
          post.author.name
        ) : (
          <span className="text-zinc-400">{postAuthorText(post)}</span>
        ),
    },
    {
      header: sortedDate ? SORT_DATES[sortedDate] : "Date",
      sortField: sortedDate ?? dateField,
      className: "w-48 px-2",
      cell: (post) => <PostDateLine post={post} shown={ownDate(sortedDate)} />,
    },
  ];
}

/** A "Last edited" column shows the last edit; the others the date of the post's state. */
function ownDate(sorted: SortDate | null): "updatedAt" | null {
  return sorted === "updatedAt" ? sorted : null;
}

function titleCell(post: StaffPostRow) {
  return (
    <div className="flex items-start gap-3">
      <RowThumbnail featuredImage={post.featuredImage} className="mt-0.5 w-16" />
      <div className="min-w-0">
        <PostTitleLink post={post} />
        <p className="truncate text-xs text-zinc-400">{postPath(post.slug)}</p>
      </div>
    </div>
  );
}
