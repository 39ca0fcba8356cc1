import { StoreIcon } from "lucide-react";
import * as React from "react";
import { Await } from "react-router";
import { CallToAction } from "#app/components/site/call-to-action.tsx";
import { LoadError } from "#app/components/site/load-error.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { siteMeta } from "#app/lib/site-meta.ts";
import { useRootData } from "#app/root.tsx";
import { getAudience } from "#server/auth/page-access.server.ts";
import { serverContext } from "#server/context.server.ts";
import { presentPortfolioItem } from "#server/presenters/portfolio-item.server.ts";
import { listPortfolio } from "#server/services/portfolio.server.ts";
import type { Route } from "./+types/studio.ts";
import { StudioBrowser } from "./studio-browser.tsx";
import { StudioSkeleton } from "./studio-skeleton.tsx";

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
 * arrives (docs/product.md#studio); the first, server-rendered visit arrives complete.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { portfolio: serverLoader() };
}

/** Searching and switching tabs only change the query string; the list is already here. */
export { revalidateUnlessOnlySearchChanged as shouldRevalidate } from "#app/lib/route-revalidation.ts";

export default function Studio({ loaderData }: Route.ComponentProps) {
  const site = useRootData()?.site;
  return (
    <>
      <PageHero
        label="MARKETPLACE CONTENT"
        labelClassName="text-grass-400"
        title="Studio Portfolio"
        lead="Every world, skin pack and add-on we have shipped or have on the way. Open a pack for trailers and details, or grab it straight from the marketplace."
        glowClassName="bg-[radial-gradient(ellipse_at_top_right,rgba(34,211,238,0.14),transparent_60%)]"
      />

      <section aria-label="Projects" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {"portfolio" in loaderData ? (
          <React.Suspense fallback={<StudioSkeleton />}>
            <Await
              resolve={loaderData.portfolio}
              errorElement={<LoadError title="The portfolio could not be loaded." />}
            >
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

function MarketplaceCallToAction({ url }: { url: string }) {
  return (
    <CallToAction
      titleId="studio-cta-title"
      label="ON THE MARKETPLACE"
      labelClassName="text-grass-300"
      title="Find all our packs in one place"
      text="Our creator page lists every release with ratings, bundles and sales. Follow it to hear about new packs first."
      className="from-grass-600/30"
      link={{ href: url, label: "Visit Our Marketplace Page", icon: StoreIcon }}
    />
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, {
    title: "Studio Portfolio",
    description: (company) =>
      `Worlds, skin packs and add-ons by ${company} for the block-game marketplace: search the portfolio, see what is live and what is coming soon.`,
  });
}
