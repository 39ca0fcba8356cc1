import {
  ExternalLinkIcon,
  FilterXIcon,
  PackageIcon,
  PencilIcon,
  ShoppingBagIcon,
  Trash2Icon,
} from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import {
  type PagedQuery,
  PagedTable,
  type PagedTableColumn,
  type TableSelection,
} from "#app/components/dashboard/paged-table.tsx";
import { type RowAction, RowActions } from "#app/components/dashboard/row-actions.tsx";
import { RowThumbnail } from "#app/components/dashboard/row-thumbnail.tsx";
import { useConfirmDelete } from "#app/components/dashboard/use-confirm-delete.ts";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useDeletePortfolioItem } from "#app/features/portfolio/api/delete-portfolio-item.ts";
import { NO_AUTHOR_LABEL } from "#common/constants.ts";
import { formatShortDate } from "#common/format.ts";
import { packTypeLabel } from "#common/pack-types.ts";
import {
  PORTFOLIO_STAGE_LABELS,
  type PortfolioSort,
  type PortfolioStage,
} from "#common/portfolio-list.ts";
import type { PortfolioRow } from "#common/types/portfolio-item.ts";

/** The address that opens a portfolio item in the editor. */
export function editPortfolioItemPath(item: Pick<PortfolioRow, "id">): string {
  return `/dashboard/create?id=${encodeURIComponent(item.id)}&type=portfolio`;
}

/** How many placeholder rows show while the first page loads (the spec's three). */
const PLACEHOLDER_ROWS = 3;

/** The status badge's colour: green Live, yellow draft, blue Coming Soon and scheduled. */
const STAGE_VARIANT: Record<PortfolioStage, ReturnType<typeof statusBadgeVariant>> = {
  live: statusBadgeVariant("published"),
  "coming-soon": "blue",
  draft: statusBadgeVariant("draft"),
  scheduled: statusBadgeVariant("scheduled"),
};

/** The sortable columns and the order each starts in: titles A to Z, launch dates newest first. */
const HEADER_SORTS = { title: "title", launchDate: "-launchDate" } as const;

/**
 * The Marketplace table (docs/product/dashboard.md#marketplace-section): one page of items from
 * the server; wide screens get a checkbox, the title with its thumbnail, pack type, status,
 * launch date, marketplace link, author and the row's menu; phones compact rows.
 */
export function PortfolioTable({
  query,
  sort,
  onSort,
  search,
  selection,
  narrowed,
  onClearFilters,
}: {
  query: PagedQuery<PortfolioRow>;
  sort: PortfolioSort;
  onSort: (sort: PortfolioSort) => void;
  search: string;
  selection: TableSelection;
  narrowed: boolean;
  onClearFilters: () => void;
}) {
  const field = sort.replace(/^-/, "");
  return (
    <PagedTable
      query={query}
      label="Marketplace Portfolio"
      noun={["item", "items"]}
      columns={COLUMNS}
      itemKey={(item) => item.id}
      rowName={(item) => item.title}
      compactRow={(item) => <CompactRow item={item} />}
      actions={(item) => <PortfolioRowMenu item={item} />}
      selection={selection}
      sorting={{
        direction: (column) =>
          column !== field ? "none" : sort.startsWith("-") ? "descending" : "ascending",
        onSort: (column) => {
          const start = HEADER_SORTS[column as keyof typeof HEADER_SORTS];
          if (column !== field) onSort(start);
          else onSort((sort.startsWith("-") ? column : `-${column}`) as PortfolioSort);
        },
      }}
      fixedLayout
      search={search}
      loading={{ rows: PLACEHOLDER_ROWS, placeholder: <PlaceholderRow /> }}
      errorFallback="Failed to load the portfolio."
      empty={<EmptyState icon={PackageIcon} title="No portfolio items found" />}
      narrowed={narrowed}
      noMatches={
        <EmptyState
          icon={FilterXIcon}
          title="No portfolio items found"
          description="No item matches this search and these filters."
          action={
            <Button variant="secondary" onClick={onClearFilters}>
              Clear filters
            </Button>
          }
        />
      }
    />
  );
}

const COLUMNS: PagedTableColumn<PortfolioRow>[] = [
  {
    header: "Title",
    sortField: "title",
    className: "px-2",
    cell: (item) => (
      <div className="flex items-start gap-3">
        <RowThumbnail featuredImage={item.featuredImage} className="mt-0.5 w-16" />
        <div className="min-w-0">
          <TitleLink item={item} />
          <Description item={item} />
        </div>
      </div>
    ),
  },
  {
    header: "Pack type",
    className: "w-32 px-2 text-zinc-300",
    cell: (item) => packTypeText(item),
  },
  { header: "Status", className: "w-32 px-2", cell: (item) => <StageBadge item={item} /> },
  {
    header: "Launch date",
    sortField: "launchDate",
    className: "w-36 px-2 text-zinc-300",
    cell: (item) => (
      <>
        <LaunchDate item={item} />
        <p className="text-xs text-zinc-400">
          Created <time dateTime={item.createdAt}>{formatShortDate(item.createdAt)}</time>
        </p>
      </>
    ),
  },
  {
    header: "Marketplace",
    className: "hidden w-32 px-2 lg:table-cell",
    cell: (item) => <MarketplaceLink item={item} />,
  },
  {
    header: "Author",
    className: "hidden w-32 truncate px-2 text-zinc-300 xl:table-cell",
    cell: (item) => item.author?.name ?? <span className="text-zinc-400">{NO_AUTHOR_LABEL}</span>,
  },
];

function packTypeText(item: PortfolioRow): string {
  return item.packType ? (packTypeLabel(item.packType) ?? item.packType) : "—";
}

function StageBadge({ item }: { item: PortfolioRow }) {
  return <Badge variant={STAGE_VARIANT[item.stage]}>{PORTFOLIO_STAGE_LABELS[item.stage]}</Badge>;
}

function LaunchDate({ item }: { item: PortfolioRow }) {
  if (!item.launchDate) return <span className="text-zinc-400">Not set</span>;
  return <time dateTime={item.launchDate}>{formatShortDate(item.launchDate)}</time>;
}

/** The short description on one line, or the spec's words for an item without one. */
function Description({ item }: { item: PortfolioRow }) {
  const text = item.shortDescription?.trim();
  return (
    <p className="line-clamp-1 text-xs break-words text-zinc-400">
      {text ? text : "No description available."}
    </p>
  );
}

function TitleLink({ item }: { item: PortfolioRow }) {
  return (
    <Link
      to={editPortfolioItemPath(item)}
      className="font-semibold break-words text-white hover:text-grass-300 hover:underline focus-visible:underline"
    >
      {item.title}
    </Link>
  );
}

function MarketplaceLink({ item }: { item: PortfolioRow }) {
  if (!item.marketplaceUrl) return <span className="text-zinc-400">None</span>;
  return (
    <a
      href={item.marketplaceUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open ${item.title} on the marketplace (new tab)`}
      className="inline-flex items-center gap-1 text-diamond-300 hover:underline focus-visible:underline"
    >
      <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
      Marketplace
    </a>
  );
}

/** An item as a phone shows it: thumbnail, title, status, pack type, launch date, author, link. */
function CompactRow({ item }: { item: PortfolioRow }) {
  return (
    <div className="flex items-start gap-3">
      <RowThumbnail featuredImage={item.featuredImage} className="mt-0.5 w-14" />
      <div className="min-w-0 flex-1 space-y-1">
        <TitleLink item={item} />
        <Description item={item} />
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-400">
          <StageBadge item={item} />
          <span>{packTypeText(item)}</span>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-400">
          <span>
            Launch: <LaunchDate item={item} />
          </span>
          <span>
            Created <time dateTime={item.createdAt}>{formatShortDate(item.createdAt)}</time>
          </span>
          <span>{item.author?.name ?? NO_AUTHOR_LABEL}</span>
          <MarketplaceLink item={item} />
        </div>
      </div>
    </div>
  );
}

function PlaceholderRow() {
  return (
    <div className="flex items-center gap-3 py-3">
      <Skeleton className="h-9 w-16" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3 w-1/4" />
      </div>
    </div>
  );
}

/**
 * A row's actions in one quiet menu: Edit, Open on the marketplace (when it has a link), and
 * Delete, in red, asked first with the spec's words.
 */
function PortfolioRowMenu({ item }: { item: PortfolioRow }) {
  const { confirmAndDelete, isDeleting } = useConfirmDelete<PortfolioRow>({
    mutation: useDeletePortfolioItem(),
    question: (target) => ({
      title: "Delete portfolio item?",
      description: `Are you sure you want to delete "${target.title}"? This action cannot be undone.`,
    }),
    deleted: () => ({
      title: "Portfolio item deleted",
      description: "The portfolio item has been successfully deleted.",
    }),
    // The server's message is not shown here: this toast always says the same.
    failed: () => "Failed to delete portfolio item. Please try again.",
  });
  const actions: RowAction[] = [
    { label: "Edit", icon: PencilIcon, href: editPortfolioItemPath(item) },
  ];
  if (item.marketplaceUrl) {
    actions.push({
      label: "Open on the marketplace",
      icon: ShoppingBagIcon,
      href: item.marketplaceUrl,
      external: true,
    });
  }
  actions.push({
    label: "Delete",
    icon: Trash2Icon,
    destructive: true,
    disabled: isDeleting,
    onSelect: () => void confirmAndDelete(item),
  });
  return <RowActions name={item.title} actions={actions} />;
}
