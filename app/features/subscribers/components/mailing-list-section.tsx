import {
  CalendarDaysIcon,
  CalendarRangeIcon,
  DownloadIcon,
  type LucideIcon,
  MailIcon,
  Trash2Icon,
  UsersIcon,
} from "lucide-react";
import * as React from "react";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { QueryList } from "#app/components/dashboard/query-list.tsx";
import { useConfirmDelete } from "#app/components/dashboard/use-confirm-delete.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useDeleteSubscriber } from "#app/features/subscribers/api/delete-subscriber.ts";
import { useExportSubscribers } from "#app/features/subscribers/api/export-subscribers.ts";
import { useSubscribers } from "#app/features/subscribers/api/get-subscribers.ts";
import {
  type SubscriberStats,
  subscriberStats,
} from "#app/features/subscribers/subscriber-stats.ts";
import { errorMessage } from "#app/lib/api-client.ts";
import { formatShortDate } from "#common/format.ts";
import type { Subscriber } from "#common/types/subscriber.ts";

const STAT_CARDS: { key: keyof SubscriberStats; label: string; icon: LucideIcon }[] = [
  { key: "total", label: "Total Subscribers", icon: UsersIcon },
  { key: "thisMonth", label: "This Month", icon: CalendarDaysIcon },
  { key: "thisWeek", label: "This Week", icon: CalendarRangeIcon },
];

const PLACEHOLDER_ROWS = 3;

/** Mailing List (docs/product.md#mailing-list-section). */
export function MailingListSection() {
  const subscribers = useSubscribers();
  const exportCsv = useExportSubscribers();
  // Newest first whatever order the list arrives in.
  const sorted = React.useMemo(
    () =>
      subscribers.data
        ? [...subscribers.data].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
        : [],
    [subscribers.data],
  );
  // Counted in the browser's time zone, from the list as loaded.
  const stats = React.useMemo(
    () => (subscribers.data ? subscriberStats(subscribers.data, new Date()) : null),
    [subscribers.data],
  );

  return (
    <section aria-labelledby="mailing-list-title">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="mailing-list-title" className="text-3xl font-bold text-white">
            Mailing List
          </h1>
          <p className="mt-1 text-zinc-400">The people who subscribed to the newsletter.</p>
        </div>
        <Button onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
          <DownloadIcon aria-hidden="true" />
          {exportCsv.isPending ? "Exporting..." : "Export CSV"}
        </Button>
      </header>

      <dl
        className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-3"
        aria-busy={stats ? undefined : true}
      >
        {STAT_CARDS.map(({ key, label, icon: Icon }) => (
          <Card
            key={key}
            data-slot="subscriber-stat"
            layout="plain"
            className="flex flex-col gap-2 p-5"
          >
            <dt className="flex items-center gap-2 text-sm text-zinc-400">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-grass-300" />
              {label}
            </dt>
            <dd className="font-display text-3xl font-bold text-white tabular-nums">
              {stats ? stats[key] : <Skeleton className="my-1 h-7 w-12" />}
            </dd>
          </Card>
        ))}
      </dl>

      <section aria-labelledby="all-subscribers-title" className="mt-10">
        <h2 id="all-subscribers-title" className="text-2xl font-bold text-white">
          All Subscribers
        </h2>
        <div className="mt-4">
          <QueryList
            query={subscribers}
            items={sorted}
            label="All Subscribers"
            className="space-y-2"
            loading={{
              count: PLACEHOLDER_ROWS,
              slot: "skeleton-row",
              placeholder: <Skeleton className="h-16 rounded-xl" />,
            }}
            errorFallback="Failed to load the subscribers."
            empty={
              <EmptyState
                icon={MailIcon}
                title="No subscribers yet"
                description="Addresses appear here when visitors subscribe to the newsletter."
              />
            }
            itemKey={(subscriber) => subscriber.id}
            renderItem={(subscriber) => <SubscriberRow subscriber={subscriber} />}
          />
        </div>
      </section>
    </section>
  );
}

function SubscriberRow({ subscriber }: { subscriber: Subscriber }) {
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
    <Card
      as="article"
      aria-label={subscriber.email}
      data-slot="subscriber-row"
      layout="plain"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-all text-white">{subscriber.email}</p>
        <p className="text-xs text-zinc-400">
          {"Subscribed "}
          <time dateTime={subscriber.createdAt}>{formatShortDate(subscriber.createdAt)}</time>
        </p>
      </div>
      <Badge variant="green">Active</Badge>
      <Button
        size="sm"
        variant="destructive"
        onClick={() => confirmAndDelete(subscriber)}
        disabled={isDeleting}
        aria-label={`Remove ${subscriber.email}`}
      >
        <Trash2Icon aria-hidden="true" />
        Remove
      </Button>
    </Card>
  );
}
