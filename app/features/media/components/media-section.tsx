import { BrushCleaningIcon, ImagesIcon, LayoutGridIcon, ListIcon } from "lucide-react";
import * as React from "react";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { ListSection } from "#app/components/dashboard/list-section.tsx";
import { ListSearch, ListSelect, ListToolbar } from "#app/components/dashboard/list-toolbar.tsx";
import { PagedTable, type PagedTableColumn } from "#app/components/dashboard/paged-table.tsx";
import { useListView } from "#app/components/dashboard/use-list-view.ts";
import { useMediaPage } from "#app/components/media/media-api.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { MEDIA_SORTS, MEDIA_USE_FILTERS, type MediaUseFilter } from "#common/schemas/media.ts";
import type { MediaItem } from "#common/types/media.ts";
import { CleanupDialog } from "./cleanup-dialog.tsx";
import { MediaDetailsDialog } from "./media-details-dialog.tsx";
import { formatBytes, usesLabel } from "./media-words.ts";
import { UploadMediaButton } from "./upload-media-button.tsx";

const USE_OPTIONS = [
  { value: "all", label: "All media" },
  { value: "used", label: "Used" },
  { value: "unused", label: "Unused" },
];
const VIEWS = ["grid", "list"] as const;
const SORT_OPTIONS = [
  { value: "-createdAt", label: "Newest first" },
  { value: "createdAt", label: "Oldest first" },
  { value: "name", label: "Name A to Z" },
  { value: "-name", label: "Name Z to A" },
];

/**
 * The Media section (docs/product/dashboard.md#media-section): every uploaded image, as a grid or
 * a list, searched by name and alt text and filtered by use, paged by the server; an item opens
 * its details (used in, alt text, replace, delete); Upload and Clean up beside the heading.
 */
export function MediaSection() {
  const view = useMediaListView();
  const [open, setOpen] = React.useState<string | null>(null);
  const [cleaning, setCleaning] = React.useState(false);
  const use = (view.filters.use ?? "all") as MediaUseFilter;
  const layout = view.filters.view ?? "grid";
  const media = useMediaPage({ page: view.page, q: view.q, use, sort: view.sort });
  const narrowed = view.q !== "" || use !== "all";
  return (
    <ListSection
      id="media"
      title="Media"
      description="Every image uploaded to the site, where it is used, and its alt text."
      actions={
        <>
          <UploadMediaButton onUploaded={(item) => setOpen(item.id)} />
          <Button type="button" variant="secondary" onClick={() => setCleaning(true)}>
            <BrushCleaningIcon aria-hidden="true" />
            Clean up
          </Button>
        </>
      }
      toolbar={<MediaToolbar view={view} use={use} layout={layout} />}
    >
      <PagedTable
        query={media}
        label="Media"
        caption="Uploaded images"
        noun={["image", "images"]}
        columns={COLUMNS}
        itemKey={(item) => item.id}
        actions={(item) => (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setOpen(item.id)}
            aria-label={`Details of ${item.originalName}`}
          >
            Details
          </Button>
        )}
        search={view.apiQuery}
        loading="Loading media..."
        errorFallback="Failed to load media."
        narrowed={narrowed}
        noMatches={<p className="text-sm text-zinc-400">No images match this search or filter.</p>}
        empty={
          <EmptyState
            icon={ImagesIcon}
            title="No media yet"
            description="Images uploaded in the editor or here show in the library."
          />
        }
        {...(layout === "grid"
          ? { body: (items: readonly MediaItem[]) => <MediaGrid items={items} onOpen={setOpen} /> }
          : {})}
      />
      <MediaDetailsDialog id={open} onClose={() => setOpen(null)} />
      <CleanupDialog open={cleaning} onOpenChange={setCleaning} />
    </ListSection>
  );
}

type MediaView = ReturnType<typeof useMediaListView>;

function useMediaListView() {
  return useListView({ sorts: MEDIA_SORTS, filters: { use: MEDIA_USE_FILTERS, view: VIEWS } });
}

/** Search, the use filter, the order and the view. */
function MediaToolbar({ view, use, layout }: { view: MediaView; use: string; layout: string }) {
  return (
    <ListToolbar
      label="Filter media"
      search={
        <ListSearch
          value={view.q}
          onSearch={(q) => view.update({ q })}
          label="Search media"
          placeholder="Search by name or alt text..."
        />
      }
    >
      <ListSelect
        label="Use"
        value={use}
        options={USE_OPTIONS}
        onChange={(v) => view.update({ use: v })}
      />
      <ListSelect
        label="Sort by"
        value={view.sort}
        options={SORT_OPTIONS}
        onChange={(v) => view.update({ sort: v as (typeof MEDIA_SORTS)[number] })}
      />
      <ViewSwitch layout={layout} onChange={(v) => view.update({ view: v === "grid" ? "" : v })} />
    </ListToolbar>
  );
}

function ViewSwitch({ layout, onChange }: { layout: string; onChange: (view: string) => void }) {
  return (
    <fieldset aria-label="View" className="flex gap-1">
      {(
        [
          ["grid", "Grid", LayoutGridIcon],
          ["list", "List", ListIcon],
        ] as const
      ).map(([value, label, Icon]) => (
        <Button
          key={value}
          type="button"
          size="sm"
          variant={layout === value ? "secondary" : "ghost"}
          aria-pressed={layout === value}
          onClick={() => onChange(value)}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
    </fieldset>
  );
}

function Thumb({ item, className }: { item: MediaItem; className?: string }) {
  return (
    <img
      src={item.url}
      alt={item.altText}
      loading="lazy"
      className={cn("rounded bg-night-800 object-cover", className)}
    />
  );
}

/** The grid view: a card per item that opens its details. */
function MediaGrid({
  items,
  onOpen,
}: {
  items: readonly MediaItem[];
  onOpen: (id: string) => void;
}) {
  return (
    <ul aria-label="Media grid" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            onClick={() => onOpen(item.id)}
            className="block w-full overflow-hidden rounded-lg bg-night-900 text-left ring-1 ring-night-700 hover:ring-grass-400 focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none"
          >
            <Thumb item={item} className="aspect-square w-full rounded-none" />
            <span className="block truncate px-2 pt-1.5 text-sm text-zinc-100">
              {item.originalName}
            </span>
            <span className="block px-2 pb-1.5 text-xs text-zinc-400">
              {usesLabel(item.useCount)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: PagedTableColumn<MediaItem>[] = [
  {
    header: "Image",
    className: "px-3 sm:px-4",
    cell: (item) => (
      <span className="flex min-w-0 items-center gap-3">
        <Thumb item={item} className="size-10 shrink-0" />
        <span className="min-w-0">
          <span className="block truncate font-medium text-zinc-100">{item.originalName}</span>
          <span className="block truncate text-xs text-zinc-400">
            {item.altText || "No alt text"}
          </span>
        </span>
      </span>
    ),
  },
  {
    header: "Size",
    className: "hidden px-3 sm:table-cell",
    cell: (item) => `${item.width} × ${item.height} · ${formatBytes(item.size)}`,
  },
  { header: "Use", className: "px-3", cell: (item) => usesLabel(item.useCount) },
  {
    header: "Uploaded",
    className: "hidden px-3 md:table-cell",
    cell: (item) => new Date(item.uploadedAt).toLocaleDateString(),
  },
];
