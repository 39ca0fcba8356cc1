import * as React from "react";
import type { TableSelection } from "./paged-table.tsx";

/**
 * The rows of a paged list chosen for its bulk bar (docs/product/dashboard.md#content-lists). A
 * selection belongs to the rows on screen: another view (`viewKey`: its page, search, filters,
 * sort) starts without one, and only rows of this page (`pageKeys`) count.
 */
export function useRowSelection(pageKeys: readonly string[], viewKey: string) {
  const [selected, setSelected] = React.useState<ReadonlySet<string>>(new Set());
  const [selectionView, setSelectionView] = React.useState(viewKey);
  if (selectionView !== viewKey) {
    setSelectionView(viewKey);
    setSelected(new Set());
  }
  const selectedKeys = pageKeys.filter((key) => selected.has(key));
  const selection: TableSelection = {
    isSelected: (key) => selected.has(key),
    toggle: (key) =>
      setSelected((now) => {
        const next = new Set(now);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    toggleAll: () =>
      setSelected((now) => (pageKeys.every((key) => now.has(key)) ? new Set() : new Set(pageKeys))),
    selectedOnPage: selectedKeys.length,
  };
  const clear = React.useCallback(() => setSelected(new Set()), []);
  return { selection, selectedKeys, clear };
}
