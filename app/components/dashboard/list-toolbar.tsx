import { SearchIcon } from "lucide-react";
import * as React from "react";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/cn.ts";
import { showingRange } from "#common/paging.ts";

/** How long typing pauses before the search is run (and put in the address). */
export const LIST_SEARCH_DELAY_MS = 300;

/**
 * A dashboard list's search and filters (docs/product/dashboard.md#staff-lists): one search
 * landmark named after what it narrows, the search box first (the whole first row on a phone), then
 * the dropdowns.
 */
export function ListToolbar({
  label,
  search,
  children,
  className,
}: {
  /** The landmark's name: "Filter subscribers". */
  label: string;
  /** The search box (ListSearch). */
  search?: React.ReactNode;
  /** The dropdowns (ListSelect) and other controls. */
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <search
      aria-label={label}
      className={cn("mb-4 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap", className)}
    >
      {search ? <div className="col-span-2 flex min-w-0 sm:flex-1">{search}</div> : null}
      {children}
    </search>
  );
}

/**
 * A dashboard list's search box (or another typed filter, such as the post table's tag box): the
 * text, trimmed, goes to `onSearch` once typing pauses for 300 ms (`delayMs`: a list searched in
 * the browser needs no pause). A new value from outside (the back button, Clear filters)
 * replaces what the box shows, but never what is being typed.
 */
export function ListSearch({
  value,
  onSearch,
  label,
  placeholder,
  icon = <SearchIcon aria-hidden="true" />,
  type = "search",
  maxLength = 200,
  className = "flex-1 basis-56",
  delayMs = LIST_SEARCH_DELAY_MS,
}: {
  value: string;
  onSearch: (q: string) => void;
  /** The box's accessible name: "Search subscribers". */
  label: string;
  placeholder: string;
  icon?: React.ReactNode;
  type?: "search" | "text";
  maxLength?: number;
  /** The box's width in its row. */
  className?: string;
  delayMs?: number;
}) {
  const [text, setText] = React.useState(value);
  const sent = React.useRef(value);
  // The latest handler, so a parent's new function each render does not restart the pause.
  const onSearchRef = React.useRef(onSearch);
  onSearchRef.current = onSearch;
  React.useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  React.useEffect(() => {
    const wanted = text.trim();
    if (wanted === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = wanted;
      onSearchRef.current(wanted);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <div className={cn("relative min-w-0", className)}>
      <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-400 [&_svg]:size-4">
        {icon}
      </span>
      <Input
        type={type}
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}

/** A labelled dropdown of a dashboard list: its order, or one of its filters. */
export function ListSelect({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = React.useId();
  return (
    <div className={cn("flex min-w-0 flex-col gap-1", className)}>
      <label htmlFor={id} className="text-xs font-semibold text-zinc-400">
        {label}
      </label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** "Showing 26–50 of 312 subscribers": where the page lies in the whole list. */
export function ListRange({
  page,
  pageSize,
  total,
  noun,
  className,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Singular and plural: ["subscriber", "subscribers"]. */
  noun: readonly [string, string];
  className?: string;
}) {
  return (
    <p role="status" className={cn("text-sm text-zinc-400 tabular-nums", className)}>
      {showingRange(page, pageSize, total, noun)}
    </p>
  );
}
