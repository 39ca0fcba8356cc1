import type * as React from "react";

/**
 * The shell of a dashboard section that lists something (docs/product/dashboard.md#staff-lists):
 * the heading with its line of explanation and the section's buttons; what comes before the list
 * (the Mailing List's counters); then the list itself, under its own heading where it has one: the
 * toolbar (ListToolbar: search and filters), the bulk bar while rows are selected, and the list
 * (PagedTable) with the section's dialogs.
 */
export function ListSection({
  id,
  title,
  description,
  actions,
  intro,
  listTitle,
  toolbar,
  bulkBar,
  children,
}: {
  /** Names the heading's id, `{id}-title`, which labels the section. */
  id: string;
  title: string;
  description?: React.ReactNode;
  /** The section's buttons, beside the heading: Add App, Export CSV. */
  actions?: React.ReactNode;
  /** What comes between the heading and the list. */
  intro?: React.ReactNode;
  /** The list's own heading (h2), when the section holds more than the list. */
  listTitle?: string;
  toolbar?: React.ReactNode;
  /** Shown while rows are selected. */
  bulkBar?: React.ReactNode;
  children: React.ReactNode;
}) {
  const list = (
    <>
      {toolbar}
      {bulkBar}
      {children}
    </>
  );
  return (
    <section aria-labelledby={`${id}-title`}>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id={`${id}-title`} className="text-3xl font-bold text-white">
            {title}
          </h1>
          {description ? <p className="mt-1 text-zinc-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      {intro}
      {listTitle ? (
        <section aria-labelledby={`${id}-list-title`} className="mt-8 sm:mt-10">
          <h2 id={`${id}-list-title`} className="mb-4 text-2xl font-bold text-white">
            {listTitle}
          </h2>
          {list}
        </section>
      ) : (
        list
      )}
    </section>
  );
}
