import {
  CalendarClockIcon,
  CheckCircle2Icon,
  FilePenLineIcon,
  FileTextIcon,
  type LucideIcon,
  MonitorPlayIcon,
  NewspaperIcon,
  PackageIcon,
  RotateCwIcon,
} from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useDashboardStats } from "#app/features/overview/api/get-dashboard-stats.ts";
import { errorMessage } from "#app/lib/api-client.ts";
import type { DashboardStats } from "#common/types/stats.ts";

/** The seven tiles, in the order docs/product/dashboard.md#overview gives. */
export const STAT_TILES: { key: keyof DashboardStats; label: string; icon: LucideIcon }[] = [
  { key: "totalPosts", label: "Total Posts", icon: FileTextIcon },
  { key: "published", label: "Published", icon: CheckCircle2Icon },
  { key: "drafts", label: "Drafts", icon: FilePenLineIcon },
  { key: "scheduled", label: "Scheduled", icon: CalendarClockIcon },
  { key: "marketplace", label: "Marketplace", icon: PackageIcon },
  { key: "news", label: "News Posts", icon: NewspaperIcon },
  { key: "youtube", label: "YouTube", icon: MonitorPlayIcon },
];

// Up to 7 columns on wide screens, fewer as the screen narrows.
const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-7";

/** The overview's counters, with a pulsing placeholder per tile while they load. */
export function StatsTiles() {
  const stats = useDashboardStats();

  if (stats.isPending) {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Loading statistics...
        </p>
        <div className={GRID}>
          {STAT_TILES.map((tile) => (
            <Skeleton
              key={tile.key}
              data-slot="stat-tile-placeholder"
              className="h-24 rounded-xl"
            />
          ))}
        </div>
      </div>
    );
  }
  if (stats.isError) {
    return (
      <Card
        role="alert"
        layout="plain"
        className="flex flex-wrap items-center gap-3 p-4 text-redstone-400"
      >
        <p className="flex-1">{errorMessage(stats.error, "Failed to load the statistics.")}</p>
        <Button size="sm" variant="secondary" onClick={() => stats.refetch()}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </Card>
    );
  }
  return (
    <dl className={GRID}>
      {STAT_TILES.map(({ key, label, icon: Icon }) => (
        <Card key={key} data-slot="stat-tile" layout="plain" className="flex flex-col gap-2 p-4">
          <dt className="flex items-center gap-2 text-xs font-semibold text-zinc-400">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-grass-300" />
            {label}
          </dt>
          <dd className="font-display text-3xl font-bold text-white tabular-nums">
            {stats.data[key]}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
