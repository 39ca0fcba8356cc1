import type * as React from "react";
import { errorMessage } from "#app/lib/api-client.ts";

/** Placeholders shown in the list's place while it loads, each in a list item. */
export type ListPlaceholders = {
  count: number;
  /** One placeholder, repeated `count` times. */
  placeholder: React.ReactNode;
  /** The list items' data-slot ("skeleton-row"), when they have one. */
  slot?: string;
};

export type QueryListProps<T> = {
  /** Where the items are loaded: pending, failed, or done with its data. */
  query: { isPending: boolean; isError: boolean; error: unknown; data?: readonly T[] };
  /** What to list once loaded, when not the data as loaded (filtered or sorted). */
  items?: readonly T[];
  /** The list's accessible name; the placeholders' list is "{label} (loading)". */
  label?: string;
  /** The classes of the list, and of the placeholders' list. */
  className?: string;
  /** While loading: placeholders, or a line of text said as a status ("Loading employees..."). */
  loading: ListPlaceholders | string;
  /** What a failure says when the server gave no message of its own. */
  errorFallback: string;
  /** What shows when there is nothing to list. */
  empty: React.ReactNode;
  itemKey: (item: T) => string;
  renderItem: (item: T) => React.ReactNode;
};

/**
 * A dashboard list in its four states: placeholders (or a status line) while it loads, the
 * server's message when that failed, `empty` when there is nothing, else the items, each in a
 * list item. Every section's list goes through it.
 */
export function QueryList<T>({
  query,
  items,
  label,
  className,
  loading,
  errorFallback,
  empty,
  itemKey,
  renderItem,
}: QueryListProps<T>) {
  if (query.isPending) {
    if (typeof loading === "string") {
      return (
        <p role="status" className="text-zinc-400">
          {loading}
        </p>
      );
    }
    return (
      <ul
        aria-label={label === undefined ? undefined : `${label} (loading)`}
        aria-busy="true"
        className={className}
      >
        {Array.from({ length: loading.count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={index} data-slot={loading.slot}>
            {loading.placeholder}
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-redstone-400">
        {errorMessage(query.error, errorFallback)}
      </p>
    );
  }
  const shown = items ?? query.data ?? [];
  if (shown.length === 0) return <>{empty}</>;
  return (
    <ul aria-label={label} className={className}>
      {shown.map((item) => (
        <li key={itemKey(item)}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}
