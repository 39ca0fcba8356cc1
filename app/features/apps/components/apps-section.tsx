import { useQueryClient } from "@tanstack/react-query";
import {
  DownloadIcon,
  ExternalLinkIcon,
  PencilIcon,
  PlusIcon,
  SearchXIcon,
  Trash2Icon,
  WrenchIcon,
} from "lucide-react";
import * as React from "react";
import { useLocation, useRevalidator } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { ListSection } from "#app/components/dashboard/list-section.tsx";
import { ListSearch, ListSelect, ListToolbar } from "#app/components/dashboard/list-toolbar.tsx";
import { PagedTable, type PagedTableColumn } from "#app/components/dashboard/paged-table.tsx";
import { RowActions } from "#app/components/dashboard/row-actions.tsx";
import { useConfirmDelete } from "#app/components/dashboard/use-confirm-delete.ts";
import { type ListView, useListView } from "#app/components/dashboard/use-list-view.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useDeleteApp } from "#app/features/apps/api/delete-app.ts";
import { appQueryOptions, useAppPage } from "#app/features/apps/api/get-apps.ts";
import { APP_STATUS_NAMES, appStatusVariant } from "#app/features/apps/app-form.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { APP_RELATIONSHIP_LABELS, platformLabel } from "#app/lib/app-filters.ts";
import { APP_CATEGORIES, APP_RELATIONSHIPS, APP_STATUSES } from "#common/constants.ts";
import { formatCount } from "#common/format.ts";
import { imageSrc } from "#common/images.ts";
import { appPath } from "#common/paths.ts";
import { APP_SORTS, STAFF_SORT_LABELS } from "#common/staff-lists.ts";
import type { App, AppListItem } from "#common/types/app.ts";
import { AppFormDialog } from "./app-form-dialog.tsx";

type FormState = { open: false } | { open: true; app: App | null };

const FILTERS = {
  category: APP_CATEGORIES,
  status: APP_STATUSES,
  relationship: APP_RELATIONSHIPS,
} as const;

const withAll = (label: string, options: { value: string; label: string }[]) => [
  { value: "", label },
  ...options,
];

const CATEGORY_OPTIONS = withAll(
  "All categories",
  APP_CATEGORIES.map((value) => ({ value, label: value })),
);
const STATUS_OPTIONS = withAll(
  "All statuses",
  APP_STATUSES.map((value) => ({ value, label: APP_STATUS_NAMES[value] })),
);
const RELATIONSHIP_OPTIONS = withAll(
  "All relationships",
  APP_RELATIONSHIPS.map((value) => ({ value, label: APP_RELATIONSHIP_LABELS[value] ?? value })),
);
const SORT_OPTIONS = APP_SORTS.map((value) => ({
  value,
  label: STAFF_SORT_LABELS[value] ?? value,
}));

const COLUMNS: PagedTableColumn<AppListItem>[] = [
  { header: "App", cell: (app) => <AppName app={app} /> },
  {
    header: "Category",
    className: "whitespace-nowrap",
    cell: (app) => <Badge variant="blue">{app.category}</Badge>,
  },
  { header: "Status", className: "whitespace-nowrap", cell: (app) => <AppBadges app={app} /> },
  {
    header: "Downloads",
    className: "whitespace-nowrap text-right tabular-nums text-zinc-300",
    cell: (app) => formatCount(app.downloadCount),
  },
  {
    header: "Order",
    className: "w-20 text-right tabular-nums text-zinc-300",
    cell: (app) => app.sortOrder,
  },
];

function compactRow(app: AppListItem) {
  return (
    <div className="space-y-2">
      <AppName app={app} />
      <div className="flex flex-wrap gap-1.5">
        <Badge variant="blue">{app.category}</Badge>
        <AppBadges app={app} />
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-400">
        <span className="inline-flex items-center gap-1">
          <DownloadIcon aria-hidden="true" className="size-3.5" />
          {`${formatCount(app.downloadCount)} downloads`}
        </span>
        <span>{`Sort order ${app.sortOrder}`}</span>
      </p>
    </div>
  );
}

type AppsView = ListView<(typeof APP_SORTS)[number], keyof typeof FILTERS>;

/**
 * Apps & Tools (docs/product/dashboard.md#apps-section): the apps of the public Apps & Tools page
 * and the site's navigation, a page at a time, to add, edit and delete.
 */
export function AppsSection() {
  const view = useListView({ sorts: APP_SORTS, filters: FILTERS });
  const apps = useAppPage(view.apiQuery);
  const { search } = useLocation();
  const [form, setForm] = React.useState<FormState>({ open: false });
  const openAdd = () => setForm({ open: true, app: null });
  const openEdit = useOpenEdit((app) => setForm({ open: true, app }));
  const narrowed = view.q.trim() !== "" || Object.keys(view.filters).length > 0;
  const addButton = (label: string) => (
    <Button onClick={openAdd}>
      <PlusIcon aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <ListSection
      id="apps"
      title="Apps & Tools"
      description={
        apps.data && !narrowed && view.sort === "sortOrder"
          ? `${apps.data.total} ${apps.data.total === 1 ? "app" : "apps"} on the Apps & Tools page, in this order.`
          : "The apps on the Apps & Tools page."
      }
      actions={addButton("Add App")}
      toolbar={<AppsToolbar view={view} />}
    >
      <PagedTable
        query={apps}
        label="Apps"
        noun={["app", "apps"]}
        search={search}
        narrowed={narrowed}
        errorFallback="Failed to load the apps."
        itemKey={(app) => app.id}
        columns={COLUMNS}
        compactRow={compactRow}
        actions={(app) => <AppActions app={app} onEdit={() => void openEdit(app)} />}
        empty={
          <EmptyState
            icon={WrenchIcon}
            title="No apps yet"
            description={'The Apps & Tools page shows "No Apps Found" until you add one.'}
            action={addButton("Add First App")}
          />
        }
        noMatches={
          <EmptyState
            icon={SearchXIcon}
            title="No matching apps"
            description="No app matches this search and these filters."
            action={
              <Button
                variant="outline"
                onClick={() => view.update({ q: "", category: "", status: "", relationship: "" })}
              >
                Show all apps
              </Button>
            }
          />
        }
      />
      <AppFormDialog
        open={form.open}
        app={form.open ? form.app : null}
        onOpenChange={(open) => {
          if (!open) setForm({ open: false });
        }}
      />
    </ListSection>
  );
}

/** Edit loads the whole app first (the list has only what a row shows), then opens the dialog. */
function useOpenEdit(open: (app: App) => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return async (item: AppListItem) => {
    try {
      open(await queryClient.fetchQuery(appQueryOptions(item.id)));
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to load the app. Please try again."),
        variant: "destructive",
      });
    }
  };
}

function AppsToolbar({ view }: { view: AppsView }) {
  return (
    <ListToolbar
      label="Filter apps"
      search={
        <ListSearch
          value={view.q}
          onSearch={(q) => view.update({ q })}
          label="Search apps"
          placeholder="Search apps..."
        />
      }
    >
      <ListSelect
        label="Category"
        value={view.filters.category ?? ""}
        options={CATEGORY_OPTIONS}
        onChange={(category) => view.update({ category })}
      />
      <ListSelect
        label="Status"
        value={view.filters.status ?? ""}
        options={STATUS_OPTIONS}
        onChange={(status) => view.update({ status })}
      />
      <ListSelect
        label="Relationship"
        value={view.filters.relationship ?? ""}
        options={RELATIONSHIP_OPTIONS}
        onChange={(relationship) => view.update({ relationship })}
      />
      <ListSelect
        label="Sort by"
        value={view.sort}
        options={SORT_OPTIONS}
        onChange={(sort) => view.update({ sort: sort as (typeof APP_SORTS)[number] })}
      />
    </ListToolbar>
  );
}

function AppName({ app }: { app: AppListItem }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <div className="grid size-10 shrink-0 place-items-center overflow-hidden rounded-md bg-night-800 ring-1 ring-night-600">
        <FallbackImage
          src={imageSrc(app.logoUrl)}
          alt={`${app.name} logo`}
          width={40}
          height={40}
          loading="lazy"
          className="size-full object-cover"
          fallback={
            <span aria-hidden="true" className="font-display text-base font-bold text-grass-300">
              {(app.name[0] ?? "?").toUpperCase()}
            </span>
          }
        />
      </div>
      <div className="min-w-0">
        <p className="font-semibold break-words text-white">{app.name}</p>
        <p className="truncate text-xs text-zinc-400">
          {app.platforms.map(platformLabel).join(" · ")}
        </p>
      </div>
    </div>
  );
}

function AppBadges({ app }: { app: AppListItem }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <Badge variant="neutral">
        {APP_RELATIONSHIP_LABELS[app.relationship] ?? app.relationship}
      </Badge>
      <Badge variant={appStatusVariant(app.status)}>
        {APP_STATUS_NAMES[app.status as keyof typeof APP_STATUS_NAMES] ?? app.status}
      </Badge>
    </span>
  );
}

function AppActions({ app, onEdit }: { app: AppListItem; onEdit: () => void }) {
  const revalidator = useRevalidator();
  const { confirmAndDelete, isDeleting } = useConfirmDelete<AppListItem>({
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
  return (
    <RowActions
      name={app.name}
      actions={[
        { label: "Edit", icon: PencilIcon, onSelect: onEdit },
        {
          label: "View on the Apps & Tools page",
          icon: ExternalLinkIcon,
          href: appPath(app.slug),
        },
        {
          label: "Delete",
          icon: Trash2Icon,
          destructive: true,
          disabled: isDeleting,
          onSelect: () => void confirmAndDelete(app),
        },
      ]}
    />
  );
}
