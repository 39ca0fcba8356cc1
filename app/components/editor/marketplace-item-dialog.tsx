import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { errorMessage } from "#app/lib/api-client.ts";
import { marketplaceItemsQuery } from "#app/lib/marketplace-items.ts";
import type { MarketplaceCardAttributes } from "#common/editor/embed-nodes.ts";
import { imageSrc } from "#common/images.ts";
import { packTypeLabel } from "#common/pack-types.ts";
import { studioPostPath } from "#common/paths.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";

/**
 * Picks one of the studio's marketplace items for a card in the post
 * (docs/decisions/041-embed-cards.md): a search over the items' titles and a list to choose from.
 * The card shows the item as it is whenever the post is viewed; an item that is not public yet
 * shows nothing there until it is.
 */
export function MarketplaceItemDialog({
  open,
  onOpenChange,
  onClosed,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the dialog has closed, instead of focusing the button that opened it. */
  onClosed: () => void;
  onPick: (card: MarketplaceCardAttributes) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby="marketplace-item-dialog-description"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogTitle>Insert marketplace item</DialogTitle>
        <DialogDescription id="marketplace-item-dialog-description">
          The card always shows the item's current picture, title, pack type and Marketplace link.
        </DialogDescription>
        {open ? <ItemPicker onPick={onPick} onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ItemPicker({
  onPick,
  onCancel,
}: {
  onPick: (card: MarketplaceCardAttributes) => void;
  onCancel: () => void;
}) {
  const items = useQuery(marketplaceItemsQuery());
  const [search, setSearch] = React.useState("");
  const id = React.useId();
  const needle = search.trim().toLowerCase();
  const shown = (items.data ?? []).filter((item) => item.title.toLowerCase().includes(needle));
  return (
    <div className="space-y-4">
      <div>
        <Label htmlFor={`${id}-search`}>Search items</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={search}
          autoComplete="off"
          autoFocus
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {items.isPending ? (
        <p role="status" className="text-sm text-zinc-400">
          Loading items...
        </p>
      ) : items.isError ? (
        <p role="alert" className="text-sm text-redstone-400">
          {errorMessage(items.error, "The marketplace items could not be loaded.")}
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-zinc-400">No marketplace items found.</p>
      ) : (
        <ul aria-label="Marketplace items" className="max-h-80 space-y-1 overflow-y-auto">
          {shown.map((item) => (
            <li key={item.id}>
              <ItemChoice item={item} onPick={onPick} />
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function ItemChoice({
  item,
  onPick,
}: {
  item: PortfolioItem;
  onPick: (card: MarketplaceCardAttributes) => void;
}) {
  const image = imageSrc(item.featuredImage);
  const details = [packTypeLabel(item.packType), item.status === "published" ? null : item.status]
    .filter(Boolean)
    .join(" · ");
  return (
    <button
      type="button"
      className="flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-white/5 focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none"
      onClick={() => onPick({ id: item.id, href: studioPostPath(item.slug), title: item.title })}
    >
      {image ? (
        <img src={image} alt="" className="aspect-video w-20 shrink-0 rounded object-cover" />
      ) : (
        <span aria-hidden="true" className="aspect-video w-20 shrink-0 rounded bg-night-800" />
      )}
      <span className="min-w-0">
        <span className="block truncate font-semibold text-white">{item.title}</span>
        {details ? <span className="block text-sm text-zinc-400">{details}</span> : null}
      </span>
    </button>
  );
}
