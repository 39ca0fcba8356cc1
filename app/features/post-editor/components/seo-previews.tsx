import { ImageIcon } from "lucide-react";
import type { SeoPreview } from "#app/features/post-editor/seo-preview.ts";

/** How the post may show in a search engine's results: title, address and description. */
export function SearchResultPreview({ search }: { search: SeoPreview["search"] }) {
  return (
    <figure data-slot="search-result-preview" className="space-y-2">
      <figcaption className="text-sm font-medium text-zinc-200">Search result preview</figcaption>
      <div className="space-y-1 rounded-lg bg-white p-4 font-sans">
        <p className="truncate text-xs text-zinc-700">{search.url}</p>
        <p data-slot="search-title" className="text-lg leading-snug text-[#1a0dab]">
          {search.title}
        </p>
        <p data-slot="search-description" className="text-sm text-zinc-700">
          {search.description}
        </p>
      </div>
    </figure>
  );
}

/** How the post may show when it is shared: image, site host, title and text. */
export function SocialCardPreview({ card }: { card: SeoPreview["card"] }) {
  return (
    <figure data-slot="social-card-preview" className="space-y-2">
      <figcaption className="text-sm font-medium text-zinc-200">Social card preview</figcaption>
      <div className="overflow-hidden rounded-lg bg-white font-sans ring-1 ring-zinc-300">
        {card.image ? (
          <img
            src={card.image}
            alt="Social card"
            className="aspect-[1200/630] w-full object-cover"
          />
        ) : (
          <div className="flex aspect-[1200/630] w-full flex-col items-center justify-center gap-2 bg-zinc-100 text-sm text-zinc-600">
            <ImageIcon aria-hidden="true" className="size-8" />
            No image: the card shows text only.
          </div>
        )}
        <div className="space-y-1 border-t border-zinc-200 bg-zinc-50 p-3">
          <p data-slot="card-host" className="text-xs text-zinc-600 uppercase">
            {card.host}
          </p>
          <p data-slot="card-title" className="font-semibold text-zinc-900">
            {card.title}
          </p>
          <p data-slot="card-description" className="text-sm text-zinc-700">
            {card.description}
          </p>
        </div>
      </div>
    </figure>
  );
}
