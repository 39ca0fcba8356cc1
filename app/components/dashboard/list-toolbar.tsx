import { SearchIcon } from "lucide-react";
import * as React from "react";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/cn.ts";

/** How long typing pauses before the search is run (and put in the address). */
export const LIST_SEARCH_DELAY_MS = 300;

/**
 * A dashboard list's search box: what is typed goes to `onSearch` once typing pauses for
 * 300 ms; a new value from outside (the back button) replaces what the box shows.
 */
export function ListSearch({
  value,
  onSearch,
  label,
  placeholder,
}: {
  value: string;
  onSearch: (q: string) => void;
  /** The box's accessible name: "Search subscribers". */
  label: string;
  placeholder: string;
}) {
  const [text, setText] = React.useState(value);
  const sent = React.useRef(value);
  React.useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  React.useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onSearch(text);
    }, LIST_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <div className="relative min-w-0 flex-1 basis-56">
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
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
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Singular and plural: ["subscriber", "subscribers"]. */
  noun: readonly [string, string];
}) {
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  const name = total === 1 ? noun[0] : noun[1];
  return (
    <p role="status" className="text-sm text-zinc-400 tabular-nums">
      {total === 0 ? `No ${noun[1]}` : `Showing ${first}–${last} of ${total} ${name}`}
    </p>
  );
}
