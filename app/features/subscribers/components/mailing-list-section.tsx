import {
  CalendarDaysIcon,
  CalendarRangeIcon,
  DownloadIcon,
  type LucideIcon,
  MailIcon,
  SearchXIcon,
  Trash2Icon,
  UsersIcon,
} from "lucide-react";
import { useLocation } from "react-router";
import { BreakableAddress } from "#app/components/dashboard/breakable-address.tsx";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { ListSection } from "#app/components/dashboard/list-section.tsx";
import { ListSearch, ListSelect, ListToolbar } from "#app/components/dashboard/list-toolbar.tsx";
import { PagedTable, type PagedTableColumn } from "#app/components/dashboard/paged-table.tsx";
import { RowActions } from "#app/components/dashboard/row-actions.tsx";
import { useConfirmDelete } from "#app/components/dashboard/use-confirm-delete.ts";
import { type ListView, useListView } from "#app/components/dashboard/use-list-view.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { FilterLink, FilterLinks } from "#app/components/ui/filter-links.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useDeleteSubscriber } from "#app/features/subscribers/api/delete-subscriber.ts";
import { useExportSubscribers } from "#app/features/subscribers/api/export-subscribers.ts";
import { useSubscriberStats } from "#app/features/subscribers/api/get-subscriber-stats.ts";
import { useSubscriberPage } from "#app/features/subscribers/api/get-subscribers.ts";
import { ImportDialog } from "#app/features/subscribers/components/import-dialog.tsx";
import { errorMessage } from "#app/lib/api-client.ts";
import { canManageEmployees } from "#common/access.ts";
import { formatShortDate } from "#common/format.ts";
import { STAFF_SORT_LABELS, SUBSCRIBER_SORTS } from "#common/staff-lists.ts";
import {
  SUBSCRIBER_STATUSES,
  type Subscriber,
  type SubscriberCounts,
} from "#common/types/subscriber.ts";
import type { CurrentUser } from "#common/types/user.ts";

const STAT_CARDS: { key: keyof SubscriberCounts; label: string; icon: LucideIcon }[] = [
  { key: "total", label: "Total Subscribers", icon: UsersIcon },
  { key: "thisMonth", label: "This Month", icon: CalendarDaysIcon },
  { key: "thisWeek", label: "This Week", icon: CalendarRangeIcon },
];

const SORT_OPTIONS = SUBSCRIBER_SORTS.map((value) => ({
  value,
  label: STAFF_SORT_LABELS[value] ?? value,
}));

const STATUS_TABS = [
  { value: "", label: "All" },
  { value: "active", label: "Active" },
  { value: "pending", label: "Pending" },
  { value: "bounced", label: "Bounced" },
] as const;

/**
 * A subscriber's state as a badge: Active (confirmed), Pending (waiting for confirmation) or
 * Bounced (a mail server refused the address for good; its answer on hover).
 */
function StatusBadge({ subscriber }: { subscriber: Subscriber }) {
  if (subscriber.status === "bounced") {
    return (
      <Badge variant="red" title={subscriber.bounceReason ?? undefined}>
        Bounced
      </Badge>
    );
  }
  return subscriber.status === "pending" ? (
    <Badge variant="yellow">Pending</Badge>
  ) : (
    <Badge variant="green">Active</Badge>
  );
}

const COLUMNS: PagedTableColumn<Subscriber>[] = [
  {
    header: "Address",
    cell: (subscriber) => (
      <span className="font-semibold text-white">
        <BreakableAddress address={subscriber.email} />
      </span>
    ),
  },
  {
    header: "Subscribed",
    className: "w-40 whitespace-nowrap text-zinc-300",
    cell: (subscriber) => (
      <time dateTime={subscriber.createdAt}>{formatShortDate(subscriber.createdAt)}</time>
    ),
  },
  {
    header: "Status",
    className: "w-28",
    cell: (subscriber) => <StatusBadge subscriber={subscriber} />,
  },
];

function compactRow(subscriber: Subscriber) {
  return (
    <>
      <p className="font-semibold text-white">
        <BreakableAddress address={subscriber.email} />
      </p>
      <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-zinc-400">
        <span>
          {"Subscribed "}
          <time dateTime={subscriber.createdAt}>{formatShortDate(subscriber.createdAt)}</time>
        </span>
        <StatusBadge subscriber={subscriber} />
      </p>
    </>
  );
}

type SubscribersView = ListView<(typeof SUBSCRIBER_SORTS)[number], "status">;

/** Mailing List (docs/product/mail.md#mailing-list-section). */
export function MailingListSection({ user }: { user: CurrentUser }) {
  const view = useListView({ sorts: SUBSCRIBER_SORTS, filters: { status: SUBSCRIBER_STATUSES } });
  const subscribers = useSubscriberPage(view.apiQuery);
  const exportCsv = useExportSubscribers();
  const { search } = useLocation();
  const statusWord = view.filters.status ? `${view.filters.status} ` : "";
  const q = view.q.trim();

  return (
    <ListSection
      id="mailing-list"
      title="Mailing List"
      description="The people who subscribed to the newsletter."
      actions={
        <>
          {/* Import is for admins (the server answers 403 to anyone else). */}
          {canManageEmployees(user) ? <ImportDialog /> : null}
          <Button onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
            <DownloadIcon aria-hidden="true" />
            {exportCsv.isPending ? "Exporting..." : "Export CSV"}
          </Button>
        </>
      }
      intro={<SubscriberCounters />}
      listTitle="All Subscribers"
      toolbar={<SubscribersToolbar view={view} search={search} />}
    >
      <PagedTable
        query={subscribers}
        label="Subscribers"
        noun={["subscriber", "subscribers"]}
        search={search}
        narrowed={q !== "" || view.filters.status !== undefined}
        errorFallback="Failed to load the subscribers."
        itemKey={(subscriber) => subscriber.id}
        columns={COLUMNS}
        compactRow={compactRow}
        actions={(subscriber) => <SubscriberActions subscriber={subscriber} />}
        empty={
          <EmptyState
            icon={MailIcon}
            title="No subscribers yet"
            description="Addresses appear here when visitors subscribe to the newsletter."
          />
        }
        noMatches={
          <EmptyState
            icon={SearchXIcon}
            title="No matching subscribers"
            description={
              q === "" ? `No ${statusWord}subscribers.` : `No ${statusWord}address contains "${q}".`
            }
            action={
              q === "" ? undefined : (
                <Button variant="outline" onClick={() => view.update({ q: "" })}>
                  Clear search
                </Button>
              )
            }
          />
        }
      />
    </ListSection>
  );
}

/** The three counters, and the line that says what they count. */
function SubscriberCounters() {
  const stats = useSubscriberStats();
  return (
    <>
      <dl className="grid grid-cols-3 gap-2 sm:gap-4" aria-busy={stats.data ? undefined : true}>
        {STAT_CARDS.map(({ key, label, icon: Icon }) => (
          <Card
            key={key}
            data-slot="subscriber-stat"
            layout="plain"
            className="flex min-w-0 flex-col gap-1 p-3 sm:gap-2 sm:p-5"
          >
            <dt className="flex items-start gap-2 text-xs leading-tight text-zinc-400 sm:items-center sm:text-sm">
              <Icon aria-hidden="true" className="hidden size-4 shrink-0 text-grass-300 sm:block" />
              {label}
            </dt>
            <dd className="font-display text-2xl font-bold text-white tabular-nums sm:text-3xl">
              {stats.data ? (
                stats.data[key]
              ) : stats.isError ? (
                "–"
              ) : (
                <Skeleton className="my-1 h-7 w-12" />
              )}
            </dd>
          </Card>
        ))}
      </dl>
      <p className="mt-2 text-sm text-zinc-400">
        The counters and the CSV export count Active subscribers only: those who confirmed their
        address. Pending ones have not confirmed yet, and Bounced ones were refused for good by
        their mail server; neither gets newsletters.
      </p>
    </>
  );
}

function SubscribersToolbar({ view, search }: { view: SubscribersView; search: string }) {
  return (
    <>
      <FilterLinks aria-label="Subscriber status" className="mb-4">
        {STATUS_TABS.map((tab) => (
          <FilterLink
            key={tab.value}
            active={(view.filters.status ?? "") === tab.value}
            to={statusSearch(search, tab.value)}
          >
            {tab.label}
          </FilterLink>
        ))}
      </FilterLinks>
      <ListToolbar
        label="Filter subscribers"
        search={
          <ListSearch
            value={view.q}
            onSearch={(q) => view.update({ q })}
            label="Search subscribers"
            placeholder="Search addresses..."
          />
        }
      >
        <ListSelect
          label="Sort by"
          value={view.sort}
          options={SORT_OPTIONS}
          onChange={(sort) => view.update({ sort: sort as (typeof SUBSCRIBER_SORTS)[number] })}
          className="col-span-2 sm:w-52"
        />
      </ListToolbar>
    </>
  );
}

function SubscriberActions({ subscriber }: { subscriber: Subscriber }) {
  const { confirmAndDelete, isDeleting } = useConfirmDelete<Subscriber>({
    mutation: useDeleteSubscriber(),
    question: (target) => ({
      title: "Remove subscriber?",
      description: `Are you sure you want to remove ${target.email} from the mailing list?`,
      confirmLabel: "Remove",
    }),
    deleted: () => ({ title: "Subscriber removed from mailing list." }),
    failed: (error) => errorMessage(error, "Failed to remove subscriber."),
  });
  return (
    <RowActions
      name={subscriber.email}
      actions={[
        {
          label: "Remove",
          icon: Trash2Icon,
          destructive: true,
          disabled: isDeleting,
          onSelect: () => void confirmAndDelete(subscriber),
        },
      ]}
    />
  );
}

/** The address of the list with another status tab (and back on page 1). */
function statusSearch(search: string, status: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  if (status) params.set("status", status);
  else params.delete("status");
  const query = params.toString();
  return query ? `?${query}` : "?";
}
