import { PlusIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { BulkBar } from "#app/components/dashboard/bulk-bar.tsx";
import type { BulkWords } from "#app/components/dashboard/bulk-texts.ts";
import { ListSection } from "#app/components/dashboard/list-section.tsx";
import { ListSearch, ListSelect, ListToolbar } from "#app/components/dashboard/list-toolbar.tsx";
import { newPostPath } from "#app/components/dashboard/sections.ts";
import { type ListView, useListView } from "#app/components/dashboard/use-list-view.ts";
import { useRowSelection } from "#app/components/dashboard/use-row-selection.ts";
import { Button } from "#app/components/ui/button.tsx";
import { usePortfolioPage } from "#app/features/portfolio/api/get-portfolio.ts";
import { PACK_TYPE_LABELS, PACK_TYPES } from "#common/constants.ts";
import {
  PORTFOLIO_SORT_LABELS,
  PORTFOLIO_SORTS,
  PORTFOLIO_STAGE_LABELS,
  PORTFOLIO_STAGES,
  type PortfolioSort,
} from "#common/portfolio-list.ts";
import { PortfolioTable } from "./portfolio-table.tsx";

/** Where the editor opens for a new marketplace-content post. */
export const CREATE_CONTENT_POST_PATH = newPostPath("marketplace-content");

const FILTERS = { packType: PACK_TYPES, status: PORTFOLIO_STAGES } as const;

type PortfolioView = ListView<PortfolioSort, keyof typeof FILTERS>;

/** The bulk bar's words: items, which the public sees on their pages and the Studio page. */
const ITEM_WORDS: BulkWords = {
  one: "item",
  many: "items",
  aOne: "an item",
  shownOn: (pages) => `${pages} and the Studio page`,
};

/** The whole portfolio's first row, for the heading's count whatever the view. */
const COUNT_QUERY = "page=1&limit=1";

/**
 * Marketplace Content (docs/product/dashboard.md#marketplace-section): every marketplace item,
 * any status, as a table paged by the server, its view (search, pack type, status, sort, page)
 * in the address; selected rows go to the bulk bar.
 */
export function MarketplaceSection() {
  const view = useListView({ sorts: PORTFOLIO_SORTS, filters: FILTERS });
  const page = usePortfolioPage(view.apiQuery);
  const all = usePortfolioPage(COUNT_QUERY);
  const { search } = useLocation();
  const pageIds = (page.data?.items ?? []).map((item) => item.id);
  const { selection, selectedKeys, clear } = useRowSelection(pageIds, search);
  const narrowed = view.q.trim() !== "" || Object.keys(view.filters).length > 0;
  const total = all.data?.total;

  return (
    <ListSection
      id="marketplace"
      title={total === undefined ? "Marketplace Portfolio" : `Marketplace Portfolio (${total})`}
      description="Worlds, skin packs and add-ons: the published ones appear on the Studio page."
      actions={
        <Button asChild>
          <Link to={CREATE_CONTENT_POST_PATH}>
            <PlusIcon aria-hidden="true" />
            Create Content Post
          </Link>
        </Button>
      }
      toolbar={<PortfolioToolbar view={view} />}
      bulkBar={
        selectedKeys.length > 0 ? (
          <BulkBar ids={selectedKeys} onDone={clear} words={ITEM_WORDS} />
        ) : null
      }
    >
      <PortfolioTable
        query={page}
        sort={view.sort}
        onSort={(sort) => view.update({ sort })}
        search={search}
        selection={selection}
        narrowed={narrowed}
        onClearFilters={() => view.update({ q: "", packType: "", status: "" })}
      />
    </ListSection>
  );
}

const withAll = (label: string, options: { value: string; label: string }[]) => [
  { value: "", label },
  ...options,
];

const PACK_TYPE_OPTIONS = withAll(
  "All pack types",
  PACK_TYPES.map((value) => ({ value, label: PACK_TYPE_LABELS[value] ?? value })),
);
const STATUS_OPTIONS = withAll(
  "All statuses",
  PORTFOLIO_STAGES.map((value) => ({ value, label: PORTFOLIO_STAGE_LABELS[value] })),
);
const SORT_OPTIONS = PORTFOLIO_SORTS.map((value) => ({
  value,
  label: PORTFOLIO_SORT_LABELS[value],
}));

function PortfolioToolbar({ view }: { view: PortfolioView }) {
  return (
    <ListToolbar
      label="Filter portfolio items"
      search={
        <ListSearch
          value={view.q}
          onSearch={(q) => view.update({ q })}
          label="Search portfolio items"
          placeholder="Search content..."
          maxLength={200}
        />
      }
    >
      <ListSelect
        label="Pack type"
        value={view.filters.packType ?? ""}
        options={PACK_TYPE_OPTIONS}
        onChange={(packType) => view.update({ packType })}
      />
      <ListSelect
        label="Status"
        value={view.filters.status ?? ""}
        options={STATUS_OPTIONS}
        onChange={(status) => view.update({ status })}
      />
      <ListSelect
        label="Sort by"
        value={view.sort}
        options={SORT_OPTIONS}
        onChange={(sort) => view.update({ sort: sort as PortfolioSort })}
        className="col-span-2 sm:w-64"
      />
    </ListToolbar>
  );
}
