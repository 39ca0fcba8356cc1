import {
  DownloadIcon,
  ExternalLinkIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  WrenchIcon,
} from "lucide-react";
import * as React from "react";
import { Link, useRevalidator } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { QueryList } from "#app/components/dashboard/query-list.tsx";
import { useConfirmDelete } from "#app/components/dashboard/use-confirm-delete.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useDeleteApp } from "#app/features/apps/api/delete-app.ts";
import { useApps } from "#app/features/apps/api/get-apps.ts";
import { APP_STATUS_NAMES, appStatusVariant } from "#app/features/apps/app-form.ts";
import { errorMessage } from "#app/lib/api-client.ts";
import { APP_RELATIONSHIP_LABELS, platformLabel } from "#app/lib/app-filters.ts";
import { formatCount } from "#common/format.ts";
import { imageSrc } from "#common/images.ts";
import type { App } from "#common/types/app.ts";
import { AppFormDialog } from "./app-form-dialog.tsx";

type FormState = { open: false } | { open: true; app: App | null };

const PLACEHOLDER_ROWS = 3;

/**
 * Apps & Tools (docs/product.md#apps-section, #real-apps-and-videos-sections): the apps of the
 * public Apps & Tools page and the site's navigation, to add, edit and delete.
 */
export function AppsSection() {
  const apps = useApps();
  const [form, setForm] = React.useState<FormState>({ open: false });
  const openAdd = () => setForm({ open: true, app: null });

  return (
    <section aria-labelledby="apps-title">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="apps-title" className="text-3xl font-bold text-white">
            Apps &amp; Tools
          </h1>
          <p className="mt-1 text-zinc-400">
            {apps.data
              ? `${apps.data.length} ${apps.data.length === 1 ? "app" : "apps"} on the Apps & Tools page, in this order.`
              : "The apps on the Apps & Tools page."}
          </p>
        </div>
        <Button onClick={openAdd}>
          <PlusIcon aria-hidden="true" />
          Add App
        </Button>
      </header>

      <QueryList
        query={apps}
        label="Apps"
        className="space-y-3"
        loading={{ count: PLACEHOLDER_ROWS, slot: "skeleton-row", placeholder: <PlaceholderRow /> }}
        errorFallback="Failed to load the apps."
        empty={
          <EmptyState
            icon={WrenchIcon}
            title="No apps yet"
            description={'The Apps & Tools page shows "No Apps Found" until you add one.'}
            action={
              <Button onClick={openAdd}>
                <PlusIcon aria-hidden="true" />
                Add First App
              </Button>
            }
          />
        }
        itemKey={(app) => app.id}
        renderItem={(app) => <AppRow app={app} onEdit={() => setForm({ open: true, app })} />}
      />

      <AppFormDialog
        open={form.open}
        app={form.open ? form.app : null}
        onOpenChange={(open) => {
          if (!open) setForm({ open: false });
        }}
      />
    </section>
  );
}

function PlaceholderRow() {
  return (
    <Card layout="plain" className="flex gap-4 p-5">
      <Skeleton className="size-14 shrink-0" />
      <div className="flex-1 space-y-3">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </Card>
  );
}

function AppRow({ app, onEdit }: { app: App; onEdit: () => void }) {
  const revalidator = useRevalidator();
  const { confirmAndDelete, isDeleting } = useConfirmDelete<App>({
    mutation: useDeleteApp(),
    question: (target) => ({
      title: `Delete ${target.name}?`,
      description: `Are you sure you want to delete "${target.name}"? It will no longer appear on the Apps & Tools page. This action cannot be undone.`,
    }),
    deleted: (target) => ({
      title: "App deleted",
      description: `${target.name} has been removed.`,
    }),
    failed: (error) => errorMessage(error, "Failed to delete the app. Please try again."),
    // The site's navigation lists the apps too: load it again.
    onDeleted: () => void revalidator.revalidate(),
  });
  const nameId = `dashboard-app-${app.id}`;

  return (
    <Card
      as="article"
      aria-labelledby={nameId}
      data-slot="dashboard-app"
      layout="plain"
      className="flex flex-col gap-4 p-5 md:flex-row md:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <div className="grid size-14 shrink-0 place-items-center overflow-hidden rounded-lg bg-night-800 ring-1 ring-night-600">
          <FallbackImage
            src={imageSrc(app.logoUrl)}
            alt={`${app.name} logo`}
            width={56}
            height={56}
            loading="lazy"
            className="size-full object-cover"
            fallback={
              <span aria-hidden="true" className="font-display text-xl font-bold text-grass-300">
                {(app.name[0] ?? "?").toUpperCase()}
              </span>
            }
          />
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id={nameId} className="text-lg leading-snug font-bold break-words text-white">
            {app.name}
          </h2>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant="blue">{app.category}</Badge>
            <Badge variant="neutral">
              {APP_RELATIONSHIP_LABELS[app.relationship] ?? app.relationship}
            </Badge>
            <Badge variant={appStatusVariant(app.status)}>
              {APP_STATUS_NAMES[app.status as keyof typeof APP_STATUS_NAMES] ?? app.status}
            </Badge>
          </div>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-400">
            <span className="inline-flex items-center gap-1">
              <DownloadIcon aria-hidden="true" className="size-3.5" />
              {`${formatCount(app.downloadCount)} downloads`}
            </span>
            <span>{app.platforms.map(platformLabel).join(" · ")}</span>
            <span>{`Sort order ${app.sortOrder}`}</span>
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button asChild size="sm" variant="ghost">
          <Link to={`/apps#${app.slug}`} aria-label={`View ${app.name} on the Apps & Tools page`}>
            <ExternalLinkIcon aria-hidden="true" />
            View
          </Link>
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${app.name}`}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
        <Button
          size="sm"
          variant="destructive"
          onClick={() => confirmAndDelete(app)}
          disabled={isDeleting}
          aria-label={`Delete ${app.name}`}
        >
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      </div>
    </Card>
  );
}
