import { ExternalLinkIcon, StoreIcon } from "lucide-react";
import * as React from "react";
import { Await, type ShouldRevalidateFunctionArgs } from "react-router";
import { StudioBrowser } from "#app/components/site/studio-browser.tsx";
import { StudioSkeleton } from "#app/components/site/studio-skeleton.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useRootData } from "#app/root.tsx";
import { getAudience } from "#server/auth/page-access.server.ts";
import { serverContext } from "#server/context.server.ts";
import { presentPortfolioItem } from "#server/presenters/portfolio-item.server.ts";
import { listPortfolio } from "#server/services/portfolio.server.ts";
import type { Route } from "./+types/studio.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const appData = context.get(serverContext);
  const now = new Date();
  // Staff also see drafts and packs scheduled for later (the cards' badges tell them apart).
  const audience = await getAudience(context, request);
  const rows = await listPortfolio(appData.db, { now, audience });
  // `now` travels with the list so the server and the browser agree on Live / Coming Soon.
  return { items: rows.map((row) => presentPortfolioItem(row, now)), now: now.toISOString() };
}

/**
 * On a client-side navigation the page shows at once, with skeleton cards until the list
 * arrives (SPEC.md section 2); the first, server-rendered visit arrives complete.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { portfolio: serverLoader() };
}

/** Searching and switching tabs only change the query string; the list is already here. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function Studio({ loaderData }: Route.ComponentProps) {
  const site = useRootData()?.site;
  return (
    <>
      <section className="pixel-grid relative overflow-hidden border-b border-night-700">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(34,211,238,0.14),transparent_60%)]"
        />
        <div className="relative mx-auto max-w-7xl px-4 pt-16 pb-12 sm:px-6 sm:pt-20">
          <p className="font-pixel text-[0.6rem] text-grass-400">MARKETPLACE CONTENT</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-white sm:text-6xl">
            Studio Portfolio
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-zinc-300">
            Every world, skin pack and add-on we have shipped or have on the way. Open a pack for
            trailers and details, or grab it straight from the marketplace.
          </p>
        </div>
      </section>

      <section aria-label="Projects" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {"portfolio" in loaderData ? (
          <React.Suspense fallback={<StudioSkeleton />}>
            <Await resolve={loaderData.portfolio} errorElement={<LoadError />}>
              {({ items, now }) => <StudioBrowser items={items} now={new Date(now)} />}
            </Await>
          </React.Suspense>
        ) : (
          // Rendered without a Suspense boundary, so the server's HTML is complete by itself
          // (no script needed to reveal it).
          <StudioBrowser items={loaderData.items} now={new Date(loaderData.now)} />
        )}
      </section>

      <MarketplaceCallToAction url={site?.marketplaceCreatorUrl ?? ""} />
    </>
  );
}

function LoadError() {
  return (
    <div role="alert" className="rounded-xl bg-night-900 p-10 text-center ring-1 ring-night-700">
      <p className="text-lg font-semibold text-white">The portfolio could not be loaded.</p>
      <p className="mt-2 text-zinc-400">Please reload the page or try again in a moment.</p>
    </div>
  );
}

function MarketplaceCallToAction({ url }: { url: string }) {
  return (
    <section aria-labelledby="studio-cta-title" className="border-t border-night-700">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="pixel-corners relative overflow-hidden bg-gradient-to-br from-grass-600/30 via-night-900 to-night-900 p-8 sm:p-12">
          <div className="flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
            <div className="max-w-2xl">
              <p className="font-pixel text-[0.6rem] text-grass-300">ON THE MARKETPLACE</p>
              <h2 id="studio-cta-title" className="mt-3 text-3xl font-bold text-white sm:text-4xl">
                Find all our packs in one place
              </h2>
              <p className="mt-4 text-zinc-300">
                Our creator page lists every release with ratings, bundles and sales. Follow it to
                hear about new packs first.
              </p>
            </div>
            <Button asChild size="lg">
              <a href={url} target="_blank" rel="noopener noreferrer">
                <StoreIcon aria-hidden="true" />
                Visit Our Marketplace Page
                <span className="sr-only"> (opens in a new tab)</span>
                <ExternalLinkIcon aria-hidden="true" />
              </a>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const company = matches[0]?.loaderData?.site.companyName ?? "Studio";
  return [
    { title: `Studio Portfolio | ${company}` },
    {
      name: "description",
      content: `Worlds, skin packs and add-ons by ${company} for the block-game marketplace: search the portfolio, see what is live and what is coming soon.`,
    },
  ];
}
