import * as React from "react";
import { useSearchParams } from "react-router";
import { currentSearchParams } from "#app/lib/current-address.ts";
import { parsePageNumber } from "#common/paging.ts";

/** A dashboard list's view as its address holds it: `?q=&sort=&page=` and its filters. */
export type ListView<S extends string, F extends string> = {
  page: number;
  sort: S;
  q: string;
  filters: Partial<Record<F, string>>;
  /** The query string of the list call for this view (page, sort, q and filters). */
  apiQuery: string;
  /**
   * Changes the view; anything but the page starts again at page 1. Each change is an entry in
   * the browser's history, so the back button returns to the view before it.
   */
  update: (change: Partial<{ page: number; sort: S; q: string } & Record<F, string>>) => void;
};

/**
 * The view of a paged dashboard list (docs/product/dashboard.md#staff-lists), kept in the address
 * so a view can be linked and the back button works. The defaults are left out of the address; a
 * value the list does not take is read as its default.
 */
export function useListView<const S extends string, const F extends string>({
  sorts,
  filters,
}: {
  /** The orders the list takes, its default first. */
  sorts: readonly S[];
  /** Each filter with the values it takes. */
  filters: Record<F, readonly string[]>;
}): ListView<S, F> {
  const [params, setParams] = useSearchParams();
  const defaultSort = sorts[0] as S;
  const sortParam = params.get("sort") as S | null;
  const sort = sortParam !== null && sorts.includes(sortParam) ? sortParam : defaultSort;
  const page = parsePageNumber(params.get("page")) ?? 1;
  const q = (params.get("q") ?? "").slice(0, 200);
  const chosen: Partial<Record<F, string>> = {};
  for (const [name, values] of Object.entries(filters) as [F, readonly string[]][]) {
    const value = params.get(name);
    if (value !== null && values.includes(value)) chosen[name] = value;
  }

  const api = new URLSearchParams();
  api.set("page", String(page));
  if (sort !== defaultSort) api.set("sort", sort);
  if (q.trim() !== "") api.set("q", q.trim());
  for (const [name, value] of Object.entries(chosen)) api.set(name, value as string);

  const update = React.useCallback(
    (change: Partial<{ page: number; sort: S; q: string } & Record<F, string>>) => {
      const next = currentSearchParams();
      for (const [name, value] of Object.entries(change) as [string, string | number][]) {
        const isDefault =
          value === "" ||
          (name === "sort" && value === defaultSort) ||
          (name === "page" && value === 1);
        if (isDefault) next.delete(name);
        else next.set(name, String(value));
      }
      if (!("page" in change)) next.delete("page");
      setParams(next, { preventScrollReset: true });
    },
    [setParams, defaultSort],
  );

  return { page, sort, q, filters: chosen, apiQuery: api.toString(), update };
}
