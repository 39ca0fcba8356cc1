import { ExternalLinkIcon, StoreIcon } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { webUrl } from "./post-media.tsx";

/** 'Available on Minecraft Marketplace' with a 'Get on Marketplace' link (new tab). */
export function PostMarketplacePanel({ marketplaceUrl }: { marketplaceUrl: string }) {
  const href = webUrl(marketplaceUrl);
  if (!href) return null;
  return (
    <section
      aria-labelledby="marketplace-title"
      className="pixel-corners relative overflow-hidden bg-night-900"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[linear-gradient(120deg,rgba(34,197,94,0.18),transparent_55%)]"
      />
      <div className="relative flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="flex items-start gap-4">
          <span
            aria-hidden="true"
            className="grid size-12 shrink-0 place-items-center rounded-md bg-grass-500/15 text-grass-300"
          >
            <StoreIcon className="size-6" />
          </span>
          <div>
            <h2 id="marketplace-title" className="text-xl font-bold text-white">
              Available on Minecraft Marketplace
            </h2>
            <p className="mt-1 text-sm text-zinc-400">
              Get it in game from the Marketplace, or open its store page.
            </p>
          </div>
        </div>
        <Button asChild size="lg" className="self-start sm:self-auto">
          <a href={href} target="_blank" rel="noopener noreferrer">
            Get on Marketplace <ExternalLinkIcon aria-hidden="true" />
          </a>
        </Button>
      </div>
    </section>
  );
}
