import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import * as React from "react";
import {
  nextHeaderSort,
  SORT_DATES,
  type SortDate,
  sortParts,
} from "#app/features/post-list/post-list-view.ts";
import type { StaffPostSort } from "#common/constants.ts";
import { postPath } from "#common/paths.ts";
import type { StaffPostRow } from "#common/types/post-list.ts";
import { PostDateLine } from "./post-date-line.tsx";
import { PostRowMenu } from "./post-row-menu.tsx";
import {
  PostStatusBadge,
  PostThumbnail,
  PostTitleLink,
  postKindText,
  RowCheckbox,
  type RowSelection,
} from "./post-rows.tsx";

/** Selecting every row of the page at once. */
export type PageSelection = RowSelection & {
  /** How many of this page's rows are selected. */
  selectedOnPage: number;
  toggleAll: () => void;
};

/**
 * The posts of one page as a table, for wide screens (docs/product.md#content-lists): a
 * checkbox, the title with a thumbnail and the address under it, status, category and pack
 * type, author, the date that matters for the state, and the row's menu. The title and date
 * headers sort; the date header sorts by the date the view is sorted by (else `dateField`).
 */
export function PostTable({
  posts,
  label,
  sort,
  dateField,
  onSort,
  selection,
  busy,
}: {
  posts: StaffPostRow[];
  label: string;
  sort: StaffPostSort;
  /** The date the date header sorts by when the view is sorted by title. */
  dateField: SortDate;
  onSort: (sort: StaffPostSort) => void;
  selection: PageSelection;
  /** The next rows are loading; these stay until they are here. */
  busy: boolean;
}) {
  const current = sortParts(sort);
  const sortedDate = current.field === "title" ? null : current.field;
  const headerDate = sortedDate ?? dateField;
  const all = posts.length > 0 && selection.selectedOnPage === posts.length;
  const some = selection.selectedOnPage > 0 && !all;
  return (
    <table aria-label={label} aria-busy={busy} className="w-full table-fixed text-left text-sm">
      <thead className="border-b border-night-700 text-xs text-zinc-400 uppercase">
        <tr>
          <th scope="col" className="w-10 py-3 pr-2">
            <SelectAllCheckbox checked={all} indeterminate={some} onChange={selection.toggleAll} />
          </th>
          <SortHeader label="Title" field="title" sort={sort} onSort={onSort} className="w-auto" />
          <th scope="col" className="w-28 px-2 py-3 font-semibold">
            Status
          </th>
          <th scope="col" className="hidden w-40 px-2 py-3 font-semibold xl:table-cell">
            Category
          </th>
          <th scope="col" className="hidden w-32 px-2 py-3 font-semibold lg:table-cell">
            Author
          </th>
          <SortHeader
            label={sortedDate ? SORT_DATES[sortedDate] : "Date"}
            field={headerDate}
            sort={sort}
            onSort={onSort}
            className="w-48"
          />
          <th scope="col" className="w-12 py-3 pl-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className={busy ? "opacity-60 transition-opacity" : undefined}>
        {posts.map((post) => (
          <tr
            key={post.id}
            aria-label={post.title}
            data-selected={selection.isSelected(post.id) || undefined}
            className="border-b border-night-800 align-top hover:bg-white/[0.02] data-selected:bg-grass-500/5"
          >
            <td className="py-3 pr-2">
              <div className="flex h-9 items-center">
                <RowCheckbox post={post} selection={selection} />
              </div>
            </td>
            <td className="px-2 py-3">
              <div className="flex items-start gap-3">
                <PostThumbnail post={post} className="mt-0.5 w-16" />
                <div className="min-w-0">
                  <PostTitleLink post={post} />
                  <p className="truncate text-xs text-zinc-400">{postPath(post.slug)}</p>
                </div>
              </div>
            </td>
            <td className="px-2 py-3">
              <PostStatusBadge status={post.status} />
            </td>
            <td className="hidden px-2 py-3 text-zinc-300 xl:table-cell">{postKindText(post)}</td>
            <td className="hidden truncate px-2 py-3 text-zinc-300 lg:table-cell">
              {post.author?.name || <span className="text-zinc-400">Unknown</span>}
            </td>
            <td className="px-2 py-3">
              <PostDateLine post={post} />
            </td>
            <td className="py-2 pl-2 text-right">
              <PostRowMenu post={post} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A column header that sorts: a button saying what it does, and aria-sort on the header. */
function SortHeader({
  label,
  field,
  sort,
  onSort,
  className,
}: {
  label: string;
  field: "title" | SortDate;
  sort: StaffPostSort;
  onSort: (sort: StaffPostSort) => void;
  className?: string;
}) {
  const current = sortParts(sort);
  const active = current.field === field;
  const direction = active ? (current.descending ? "descending" : "ascending") : "none";
  const Icon = !active ? ArrowUpDownIcon : current.descending ? ArrowDownIcon : ArrowUpIcon;
  return (
    <th scope="col" aria-sort={direction} className={`px-2 py-3 ${className ?? ""}`}>
      <button
        type="button"
        onClick={() => onSort(nextHeaderSort(sort, field))}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 font-semibold uppercase hover:text-white focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none"
      >
        {label}
        <Icon aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{active ? `, sorted ${direction}` : ", sort"}</span>
      </button>
    </th>
  );
}

function SelectAllCheckbox({
  checked,
  indeterminate,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: () => void;
}) {
  const ref = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <div className="flex h-4 items-center">
      <input
        ref={ref}
        type="checkbox"
        aria-label="Select all posts on this page"
        checked={checked}
        onChange={onChange}
        className="size-4 accent-grass-500"
      />
    </div>
  );
}
