import { TagIcon } from "lucide-react";
import { ListSearch, ListSelect, ListToolbar } from "#app/components/dashboard/list-toolbar.tsx";
import { CATEGORY_LABELS } from "#app/components/site/post-card.tsx";
import { usePostAuthors } from "#app/features/post-list/api/get-post-authors.ts";
import {
  type ListFilter,
  type ListPreset,
  MAX_SEARCH_LENGTH,
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
import { MAX_TAG_INPUT_UNITS } from "#common/tags.ts";

type Option = { value: string; label: string };

const SORT_OPTIONS: Option[] = STAFF_POST_SORTS.map((sort) => ({
  value: sort,
  label: SORT_LABELS[sort],
}));

const STATUS_OPTIONS: Option[] = [
  { value: "", label: "All statuses" },
  { value: "draft", label: "Draft" },
  { value: "scheduled", label: "Scheduled" },
  { value: "published", label: "Published" },
];

const CATEGORY_OPTIONS: Option[] = [
  { value: "", label: "All categories" },
  ...POST_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] ?? c })),
];

const PACK_TYPE_OPTIONS: Option[] = [
  { value: "", label: "All pack types" },
  ...PACK_TYPES.map((p) => ({ value: p, label: PACK_TYPE_LABELS[p] ?? p })),
];

/**
 * The table's search, sort and filters (docs/product/dashboard.md#content-lists). A filter the
 * section fixes has no control. Choosing a filter or a sort calls `onChange` at once; typing in the
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
  const shows = (name: ListFilter) => preset.fixed[name] === undefined;
  // Pack types belong to marketplace content: no such control where another category is fixed.
  const packTypes =
    shows("packType") && (preset.fixed.category ?? "marketplace-content") === "marketplace-content";
  const choose = (change: Partial<PostListView>) => onChange(change, { typing: false });
  return (
    <ListToolbar
      label="Filter posts"
      search={
        <ListSearch
          label="Search posts"
          placeholder="Search content..."
          value={view.q}
          maxLength={MAX_SEARCH_LENGTH}
          onSearch={(q) => onChange({ q }, { typing: true })}
        />
      }
    >
      <ListSelect
        label="Sort by"
        value={view.sort}
        options={SORT_OPTIONS}
        onChange={(sort) => choose({ sort: sort as StaffPostSort })}
        className="col-span-2 sm:w-64"
      />
      {shows("status") ? (
        <ListSelect
          label="Status"
          value={view.status}
          options={STATUS_OPTIONS}
          onChange={(status) => choose({ status })}
        />
      ) : null}
      {shows("category") ? (
        <ListSelect
          label="Category"
          value={view.category}
          options={CATEGORY_OPTIONS}
          onChange={(category) => choose({ category })}
        />
      ) : null}
      {packTypes ? (
        <ListSelect
          label="Pack type"
          value={view.packType}
          options={PACK_TYPE_OPTIONS}
          onChange={(packType) => choose({ packType })}
        />
      ) : null}
      {shows("author") ? (
        <AuthorFilter value={view.author} onValue={(author) => choose({ author })} />
      ) : null}
      {shows("tag") ? (
        <div className="flex min-w-0 flex-col gap-1 sm:w-44">
          <span aria-hidden="true" className="text-xs font-semibold text-zinc-400">
            Tag
          </span>
          <ListSearch
            label="Tag"
            placeholder="Tag"
            icon={<TagIcon aria-hidden="true" />}
            type="text"
            value={view.tag}
            maxLength={MAX_TAG_INPUT_UNITS}
            onSearch={(tag) => onChange({ tag }, { typing: true })}
            className="w-full"
          />
        </div>
      ) : null}
    </ListToolbar>
  );
}

/** The author filter: everyone who wrote a post, with how many, once the list is here. */
function AuthorFilter({ value, onValue }: { value: string; onValue: (value: string) => void }) {
  const authors = usePostAuthors();
  const options: Option[] = (authors.data ?? []).map((a) => ({
    value: a.id,
    label: `${a.name} (${a.posts.toLocaleString("en-US")})`,
  }));
  // An author from the address before the list arrives (or who has no posts left) still shows.
  if (value !== "" && !options.some((option) => option.value === value)) {
    options.push({ value, label: "Chosen author" });
  }
  return (
    <ListSelect
      label="Author"
      value={value}
      options={[{ value: "", label: "All authors" }, ...options]}
      onChange={onValue}
    />
  );
}
