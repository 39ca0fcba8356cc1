import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import * as React from "react";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";

export type PagedTableColumn<T> = {
  header: string;
  cell: (item: T) => React.ReactNode;
  /** Classes of the column's header and cells (a width, `text-right`, `hidden lg:table-cell`). */
  className?: string;
  /** The field the header sorts by, on a table that sorts (`sorting`): the header is a button. */
  sortField?: string;
};

export type SortDirection = "ascending" | "descending" | "none";

/** Sorting by the column headers: how each field is sorted now, and what pressing one does. */
export type TableSorting = {
  direction: (field: string) => SortDirection;
  onSort: (field: string) => void;
};

/** Rows chosen for the section's bulk bar (useRowSelection), by item key. */
export type TableSelection = {
  isSelected: (key: string) => boolean;
  toggle: (key: string) => void;
  /** Selects every row of the page, or none when all of them are. */
  toggleAll: () => void;
  /** How many rows of the page are selected. */
  selectedOnPage: number;
};

/** One page's rows, as the wide table and the phones' compact rows show them. */
export type PageRowsProps<T> = {
  items: readonly T[];
  /** The table's and the compact rows' list's accessible name: "Subscribers". */
  label: string;
  /** The table's name, said as its caption, where it is not `label`. */
  caption?: string;
  /** Singular and plural: ["subscriber", "subscribers"]. */
  noun: readonly [string, string];
  columns: PagedTableColumn<T>[];
  itemKey: (item: T) => string;
  /** Names each row (and each compact row, then an article): a post's title. */
  rowName?: (item: T) => string;
  /** The row's actions: a menu (RowActions) or buttons; none, no actions column. */
  actions?: (item: T) => React.ReactNode;
  /** Classes of the actions column (its width). */
  actionsClassName?: string;
  /** A row as a phone shows it, a compact block of the same facts; none, the table everywhere. */
  compactRow?: (item: T) => React.ReactNode;
  selection?: TableSelection;
  sorting?: TableSorting;
  /** Columns as wide as their classes say, whatever the rows hold. */
  fixedLayout?: boolean;
  /** The next rows are loading: these stay, dimmed, until they are here. */
  busy: boolean;
};

/** The page as a table, on wide screens (or everywhere, for a list without compact rows). */
export function WideTable<T>(props: PageRowsProps<T>) {
  const { items, label, caption, itemKey, compactRow, fixedLayout, busy } = props;
  return (
    <Card layout="plain" className={cn("overflow-hidden", compactRow && "hidden md:block")}>
      <table
        aria-label={caption ? undefined : label}
        className={cn("w-full text-left text-sm", fixedLayout && "table-fixed")}
      >
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="border-b border-night-700 text-xs tracking-wide text-zinc-400 uppercase">
          <HeaderRow {...props} />
        </thead>
        <tbody className={cn("divide-y divide-night-800", busy && "opacity-60")}>
          {items.map((item) => (
            <BodyRow key={itemKey(item)} item={item} {...props} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function HeaderRow<T>({
  items,
  noun,
  columns,
  actions,
  actionsClassName,
  selection,
  sorting,
}: PageRowsProps<T>) {
  const all = items.length > 0 && selection?.selectedOnPage === items.length;
  return (
    <tr>
      {selection ? (
        <th scope="col" className="w-12 py-3 pr-2 pl-4">
          <SelectAllCheckbox
            label={`Select all ${noun[1]} on this page`}
            checked={all}
            indeterminate={!all && selection.selectedOnPage > 0}
            onChange={selection.toggleAll}
          />
        </th>
      ) : null}
      {columns.map((column) =>
        sorting && column.sortField ? (
          <SortHeader
            key={column.header}
            label={column.header}
            direction={sorting.direction(column.sortField)}
            onSort={() => sorting.onSort(column.sortField ?? "")}
            className={column.className}
          />
        ) : (
          <th
            key={column.header}
            scope="col"
            className={cn("px-4 py-3 font-semibold", column.className)}
          >
            {column.header}
          </th>
        ),
      )}
      {actions ? (
        <th scope="col" className={cn("w-14 px-4 py-3", actionsClassName)}>
          <span className="sr-only">Actions</span>
        </th>
      ) : null}
    </tr>
  );
}

function BodyRow<T>({
  item,
  columns,
  itemKey,
  rowName,
  actions,
  actionsClassName,
  selection,
}: PageRowsProps<T> & { item: T }) {
  const selected = selection?.isSelected(itemKey(item)) ?? false;
  return (
    <tr
      aria-label={rowName?.(item)}
      data-selected={selected || undefined}
      className="hover:bg-white/[0.02] data-selected:bg-grass-500/5"
    >
      {selection ? (
        <td className="py-3 pr-2 pl-4">
          <RowCheckbox item={item} itemKey={itemKey} rowName={rowName} selection={selection} />
        </td>
      ) : null}
      {columns.map((column) => (
        <td key={column.header} className={cn("px-4 py-3 align-middle", column.className)}>
          {column.cell(item)}
        </td>
      ))}
      {actions ? (
        <td className={cn("px-4 py-2 text-right", actionsClassName)}>{actions(item)}</td>
      ) : null}
    </tr>
  );
}

/** The page as compact rows, for phones: each row's facts, its checkbox and its actions. */
export function CompactRows<T>({
  items,
  label,
  itemKey,
  rowName,
  actions,
  compactRow,
  selection,
  busy,
}: PageRowsProps<T>) {
  if (!compactRow) return null;
  return (
    <div className="space-y-2 md:hidden">
      {selection ? (
        <label className="flex items-center gap-2 border-b border-night-700 pb-2 text-sm text-zinc-400">
          <input
            type="checkbox"
            checked={items.length > 0 && selection.selectedOnPage === items.length}
            onChange={selection.toggleAll}
            className="size-4 accent-grass-500"
          />
          Select all on this page
        </label>
      ) : null}
      <ul aria-label={label} className={cn("space-y-2", busy && "opacity-60")}>
        {items.map((item) => (
          <li key={itemKey(item)}>
            <Card
              as={rowName ? "article" : "div"}
              aria-label={rowName?.(item)}
              layout="plain"
              className="flex items-start gap-3 px-4 py-3"
            >
              {selection ? (
                <div className="flex h-9 items-center">
                  <RowCheckbox
                    item={item}
                    itemKey={itemKey}
                    rowName={rowName}
                    selection={selection}
                  />
                </div>
              ) : null}
              <div className="min-w-0 flex-1">{compactRow(item)}</div>
              {actions?.(item)}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A row's checkbox, named after its row: "Select {name}". */
function RowCheckbox<T>({
  item,
  itemKey,
  rowName,
  selection,
}: {
  item: T;
  itemKey: (item: T) => string;
  rowName?: (item: T) => string;
  selection: TableSelection;
}) {
  const key = itemKey(item);
  return (
    <input
      type="checkbox"
      aria-label={`Select ${rowName?.(item) ?? key}`}
      checked={selection.isSelected(key)}
      onChange={() => selection.toggle(key)}
      className="size-4 accent-grass-500"
    />
  );
}

/** A column header that sorts: a button saying what it does, and aria-sort on the header. */
function SortHeader({
  label,
  direction,
  onSort,
  className,
}: {
  label: string;
  direction: SortDirection;
  onSort: () => void;
  className?: string;
}) {
  const Icon =
    direction === "none"
      ? ArrowUpDownIcon
      : direction === "descending"
        ? ArrowDownIcon
        : ArrowUpIcon;
  return (
    <th scope="col" aria-sort={direction} className={cn("px-4 py-3", className)}>
      <button
        type="button"
        onClick={onSort}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 font-semibold uppercase hover:text-white focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none"
      >
        {label}
        <Icon aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{direction === "none" ? ", sort" : `, sorted ${direction}`}</span>
      </button>
    </th>
  );
}

function SelectAllCheckbox({
  label,
  checked,
  indeterminate,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate: boolean;
  onChange: () => void;
}) {
  const ref = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <div className="flex h-4 items-center">
      <input
        ref={ref}
        type="checkbox"
        aria-label={label}
        checked={checked}
        onChange={onChange}
        className="size-4 accent-grass-500"
      />
    </div>
  );
}
