import { SearchIcon } from "lucide-react";
import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/cn.ts";
import type { MediaItem } from "#common/types/media.ts";
import { useMediaPage } from "./media-api.ts";

/** How many items the picker shows at a time. */
const PICKER_PAGE_SIZE = 24;

/**
 * Picks an item of the media library: a search by name and alt text over a grid of thumbnails;
 * the chosen item's alt text comes along into a field that may change it before it is used.
 */
export function MediaPicker({
  pickLabel,
  onPick,
}: {
  /** The button that uses the chosen image ("Insert image", "Use image"). */
  pickLabel: string;
  onPick: (item: MediaItem, alt: string) => void;
}) {
  const [term, setTerm] = React.useState("");
  const [query, setQuery] = React.useState("");
  const [page, setPage] = React.useState(1);
  const [chosen, setChosen] = React.useState<MediaItem | null>(null);
  const [alt, setAlt] = React.useState("");
  const id = React.useId();
  const media = useMediaPage({ q: query, page, limit: PICKER_PAGE_SIZE });

  React.useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(term.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [term]);

  function choose(item: MediaItem) {
    setChosen(item);
    setAlt(item.altText);
  }

  const items = media.data?.items ?? [];
  const totalPages = media.data?.totalPages ?? 1;
  return (
    <div className="space-y-3">
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
        />
        <Input
          type="search"
          aria-label="Search the media library"
          placeholder="Search by name or alt text"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          className="pl-9"
        />
      </div>
      {media.isPending ? (
        <p className="text-sm text-zinc-400">Loading media...</p>
      ) : media.isError ? (
        <p role="alert" className="text-sm text-redstone-400">
          The media library could not be loaded.
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-zinc-400">
          {query ? "No images match that search." : "No images uploaded yet."}
        </p>
      ) : (
        <ul
          aria-label="Media library"
          className="grid max-h-64 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4"
        >
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={chosen?.id === item.id}
                aria-label={
                  item.altText ? `${item.originalName}: ${item.altText}` : item.originalName
                }
                onClick={() => choose(item)}
                className={cn(
                  "block aspect-square w-full overflow-hidden rounded-md bg-night-800 ring-1 ring-night-600",
                  chosen?.id === item.id && "ring-2 ring-grass-400",
                )}
              >
                <img src={item.url} alt="" loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {totalPages > 1 ? (
        <div className="flex items-center justify-between text-sm text-zinc-400">
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </Button>
          <span>
            Page {page} of {totalPages}
          </span>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={page >= totalPages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </div>
      ) : null}
      {chosen ? (
        <div className="space-y-3">
          <div>
            <Label htmlFor={`${id}-alt`}>Image description (alt text)</Label>
            <Input
              id={`${id}-alt`}
              value={alt}
              autoComplete="off"
              onChange={(event) => setAlt(event.target.value)}
            />
          </div>
          <div className="flex justify-end">
            <Button type="button" onClick={() => onPick(chosen, alt.trim())}>
              {pickLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
