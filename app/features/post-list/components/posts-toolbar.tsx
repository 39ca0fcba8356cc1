import { TagIcon } from "lucide-react";
import * as React from "react";
import { ListSearch } from "#app/components/dashboard/list-toolbar.tsx";
import { CATEGORY_LABELS } from "#app/components/site/post-card.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { usePostAuthors } from "#app/features/post-list/api/get-post-authors.ts";
import {
  type ListFilter,
  type ListPreset,
  MAX_SEARCH_LENGTH,
  MAX_TAG_LENGTH,
  type PostListView,
  SORT_LABELS,
} from "#app/features/post-list/post-list-view.ts";
import {
  PACK_TYPE_LABELS,
  PACK_TYPES,
  POST_CATEGORIES,
  STAFF_POST_SORTS,
  type StaffPostSort,
} from "#common/constants.ts";

const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

/**
 * The table's search, filters and sort (docs/product.md#content-lists). A filter the section
 * fixes has no control. Choosing a filter or a sort calls `onChange` at once; typing in the
 * search or tag box calls it after a pause, as a `typing` change.
 */
export function PostsToolbar({
  view,
  preset,
  onChange,
}: {
  view: PostListView;
  preset: ListPreset;
  onChange: (next: Partial<PostListView>, how: { typing: boolean }) => void;
}) {
  const sortId = React.useId();
  const shows = (name: ListFilter) => preset.fixed[name] === undefined;
  // Pack types belong to marketplace content: no such control where another category is fixed.
  const packTypes =
    shows("packType") && (preset.fixed.category ?? "marketplace-content") === "marketplace-content";
  return (
    <search aria-label="Filter posts" className="mb-4 block space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <ListSearch
          label="Search posts"
          placeholder="Search title and content..."
          value={view.q}
          maxLength={MAX_SEARCH_LENGTH}
          onSearch={(q) => onChange({ q }, { typing: true })}
          className="sm:flex-1"
        />
        <div className="flex items-center gap-2 text-sm text-zinc-400 sm:w-72">
          <label htmlFor={sortId} className="shrink-0">
            Sort by
          </label>
          <NativeSelect
            id={sortId}
            value={view.sort}
            onChange={(event) =>
              onChange({ sort: event.target.value as StaffPostSort }, { typing: false })
            }
            className="flex-1"
          >
            {STAFF_POST_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {shows("status") ? (
          <FilterSelect
            label="Status"
            all="All statuses"
            value={view.status}
            options={Object.entries(STATUS_LABELS)}
            onValue={(status) => onChange({ status }, { typing: false })}
          />
        ) : null}
        {shows("category") ? (
          <FilterSelect
            label="Category"
            all="All categories"
            value={view.category}
            options={POST_CATEGORIES.map((c) => [c, CATEGORY_LABELS[c] ?? c])}
            onValue={(category) => onChange({ category }, { typing: false })}
          />
        ) : null}
        {packTypes ? (
          <FilterSelect
            label="Pack type"
            all="All pack types"
            value={view.packType}
            options={PACK_TYPES.map((p) => [p, PACK_TYPE_LABELS[p] ?? p])}
            onValue={(packType) => onChange({ packType }, { typing: false })}
          />
        ) : null}
        {shows("author") ? (
          <AuthorFilter
            value={view.author}
            onValue={(author) => onChange({ author }, { typing: false })}
          />
        ) : null}
        {shows("tag") ? (
          <ListSearch
            label="Tag"
            placeholder="Tag"
            icon={<TagIcon aria-hidden="true" />}
            type="text"
            value={view.tag}
            maxLength={MAX_TAG_LENGTH}
            onSearch={(tag) => onChange({ tag }, { typing: true })}
          />
        ) : null}
      </div>
    </search>
  );
}

function FilterSelect({
  label,
  all,
  value,
  options,
  onValue,
}: {
  label: string;
  all: string;
  value: string;
  options: [string, string][];
  onValue: (value: string) => void;
}) {
  return (
    <NativeSelect aria-label={label} value={value} onChange={(e) => onValue(e.target.value)}>
      <option value="">{all}</option>
      {options.map(([key, text]) => (
        <option key={key} value={key}>
          {text}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The author filter: everyone who wrote a post, with how many, once the list is here. */
function AuthorFilter({ value, onValue }: { value: string; onValue: (value: string) => void }) {
  const authors = usePostAuthors();
  const options: [string, string][] = (authors.data ?? []).map((a) => [
    a.id,
    `${a.name || "Unnamed"} (${a.posts.toLocaleString("en-US")})`,
  ]);
  // An author from the address before the list arrives (or who has no posts left) still shows.
  if (value !== "" && !options.some(([id]) => id === value)) options.push([value, "Chosen author"]);
  return (
    <FilterSelect
      label="Author"
      all="All authors"
      value={value}
      options={options}
      onValue={onValue}
    />
  );
}
