import { ExternalLinkIcon, PackageIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { QueryList } from "#app/components/dashboard/query-list.tsx";
import { newPostPath } from "#app/components/dashboard/sections.ts";
import { useConfirmDelete } from "#app/components/dashboard/use-confirm-delete.ts";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useDeletePortfolioItem } from "#app/features/portfolio/api/delete-portfolio-item.ts";
import { usePortfolio } from "#app/features/portfolio/api/get-portfolio.ts";
import { formatShortDate } from "#common/format.ts";
import { packTypeLabel } from "#common/pack-types.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";

/** Where the editor opens for a new marketplace-content post. */
export const CREATE_CONTENT_POST_PATH = newPostPath("marketplace-content");

/** The address that opens a portfolio item in the editor. */
export function editPortfolioItemPath(item: Pick<PortfolioItem, "id">): string {
  return `/dashboard/create?id=${encodeURIComponent(item.id)}&type=portfolio`;
}

/**
 * How many placeholder rows show while the list loads
 * (docs/product/dashboard.md#marketplace-section).
 */
const PLACEHOLDER_ROWS = 3;

/**
 * Marketplace Content: every portfolio item, drafts included
 * (docs/product/dashboard.md#marketplace-section).
 */
export function MarketplaceSection() {
  const portfolio = usePortfolio();

  return (
    <section aria-labelledby="marketplace-title">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="marketplace-title" className="text-3xl font-bold text-white">
            Marketplace Portfolio
            {portfolio.data ? (
              <>
                {" "}
                <span className="text-zinc-400 tabular-nums">{`(${portfolio.data.length})`}</span>
              </>
            ) : null}
          </h1>
          <p className="mt-1 text-zinc-400">
            Worlds, skin packs and add-ons: the published ones appear on the Studio page.
          </p>
        </div>
        <Button asChild>
          <Link to={CREATE_CONTENT_POST_PATH}>
            <PlusIcon aria-hidden="true" />
            Create Content Post
          </Link>
        </Button>
      </header>
      <QueryList
        query={portfolio}
        label="Marketplace Portfolio"
        className="space-y-4"
        loading={{ count: PLACEHOLDER_ROWS, slot: "skeleton-row", placeholder: <PlaceholderRow /> }}
        errorFallback="Failed to load the portfolio."
        empty={<EmptyState icon={PackageIcon} title="No portfolio items found" />}
        itemKey={(item) => item.id}
        renderItem={(item) => <PortfolioRow item={item} />}
      />
    </section>
  );
}

function PlaceholderRow() {
  return (
    <Card layout="plain" className="space-y-3 p-5">
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-1/4" />
    </Card>
  );
}

function PortfolioRow({ item }: { item: PortfolioItem }) {
  const { confirmAndDelete, isDeleting } = useConfirmDelete<PortfolioItem>({
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
  const marketplaceUrl = item.marketplaceLink ?? item.marketplaceUrl;

  return (
    <Card
      as="article"
      aria-label={item.title}
      data-slot="portfolio-row"
      layout="plain"
      className="flex flex-col gap-4 p-5 md:flex-row md:items-start"
    >
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="mr-1 text-lg leading-snug font-bold break-words text-white">
            {item.title}
          </h2>
          {item.packType ? <Badge variant="neutral">{packTypeLabel(item.packType)}</Badge> : null}
          <Badge variant={statusBadgeVariant(item.status)}>{item.status}</Badge>
        </div>
        <p className="line-clamp-2 text-sm text-zinc-400">
          {item.shortDescription?.trim() ? item.shortDescription : "No description available."}
        </p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-xs text-zinc-400">
          <div className="flex gap-1">
            <dt>Launch:</dt>
            <dd>
              {item.launchDate ? (
                <time dateTime={item.launchDate}>{formatShortDate(item.launchDate)}</time>
              ) : (
                "Not set"
              )}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Created:</dt>
            <dd>
              <time dateTime={item.createdAt}>{formatShortDate(item.createdAt)}</time>
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {marketplaceUrl ? (
          <Button asChild size="sm" variant="secondary">
            <a
              href={marketplaceUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open ${item.title} on the marketplace (new tab)`}
            >
              <ExternalLinkIcon aria-hidden="true" />
              Marketplace
            </a>
          </Button>
        ) : null}
        <Button asChild size="sm" variant="secondary">
          <Link to={editPortfolioItemPath(item)} aria-label={`Edit ${item.title}`}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Link>
        </Button>
        <Button
          size="sm"
          variant="destructive"
          onClick={() => confirmAndDelete(item)}
          disabled={isDeleting}
          aria-label={`Delete ${item.title}`}
        >
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      </div>
    </Card>
  );
}
