import { SearchIcon } from "lucide-react";
import * as React from "react";
import { useLocation, useNavigation } from "react-router";
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
 * the browser needs no pause), or at once when the box is left. A new value from outside (the
 * back button, Clear filters) replaces what the box shows, but never what is being typed.
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
  const { text, setText, sendNow } = useDelayedSearch(value, onSearch, delayMs);
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
        // Leaving the box (to open a post, say) sends what was typed at once, before the
        // navigation the person makes next, which then wins.
        onBlur={sendNow}
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

/**
 * The search box's text, and `onSearch` called with it, trimmed, once typing pauses for `delayMs`
 * or the box is left (`sendNow`). A new `value` from outside replaces the text, but never what is
 * being typed. A pause that ends after the person left the page sends nothing.
 */
function useDelayedSearch(value: string, onSearch: (q: string) => void, delayMs: number) {
  const [text, setText] = React.useState(value);
  const sent = React.useRef(value);
  // The latest handler, so a parent's new function each render does not restart the pause.
  const onSearchRef = React.useRef(onSearch);
  onSearchRef.current = onSearch;
  const pending = React.useRef<(() => void) | null>(null);
  const left = useLeftPage();
  React.useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  React.useEffect(() => {
    const wanted = text.trim();
    if (wanted === sent.current) return;
    const send = () => {
      clearTimeout(timer);
      pending.current = null;
      // The person went elsewhere while typing paused: their navigation wins, and a search of
      // the page they left must not take its place.
      if (left()) return;
      sent.current = wanted;
      onSearchRef.current(wanted);
    };
    const timer = setTimeout(send, delayMs);
    pending.current = send;
    return () => {
      clearTimeout(timer);
      pending.current = null;
    };
  }, [text, delayMs, left]);
  const sendNow = React.useCallback(() => pending.current?.(), []);
  return { text, setText, sendNow };
}

/**
 * Whether the page this component is on has been left, or is being left, since it last rendered:
 * the address's path is another one now, or a navigation to another path is under way.
 */
function useLeftPage(): () => boolean {
  const here = useLocation().pathname;
  const navigation = useNavigation();
  const leaving = navigation.state !== "idle" && navigation.location.pathname !== here;
  const state = React.useRef({ here, leaving });
  state.current = { here, leaving };
  return React.useCallback(
    () => state.current.leaving || window.location.pathname !== state.current.here,
    [],
  );
}
