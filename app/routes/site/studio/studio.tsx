import { StoreIcon } from "lucide-react";
import { data } from "react-router";
import { CallToAction } from "#app/components/site/call-to-action.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { listLinkTags } from "#app/lib/list-links.ts";
import { loadAsDocument, staticPage } from "#app/lib/page-hydration.ts";
import { siteMeta } from "#app/lib/site-meta.ts";
import { useRootData } from "#app/root.tsx";
import { sharedContent } from "#app/routes/site/shared-content.server.ts";
import { PUBLIC_PAGE_SIZE, pageCount, parsePageNumber } from "#common/paging.ts";
import { getAudience } from "#server/auth/page-access.server.ts";
import { serverContext } from "#server/context.server.ts";
import { presentPackCard } from "#server/presenters/post-card.server.ts";
import { pageStudioPacks } from "#server/services/public-list-pages.server.ts";
import type { Route } from "./+types/studio.ts";
import { StudioBrowser } from "./studio-browser.tsx";
import {
  studioCategoryFromParam,
  studioListLinks,
  studioPackTypeOf,
  studioTabCounts,
} from "./studio-filters.ts";

/**
 * Server-rendered HTML with the site script, not hydrated (docs/decisions/031-static-public-pages.md):
 * the script loads each search, tab and page of the list in place.
 */
export const handle = staticPage;
export const clientMiddleware = [loadAsDocument];

/** The longest search term read; the rest of a longer one is ignored. */
const MAX_SEARCH_LENGTH = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  const url = new URL(request.url);
  // A page number that is not one, or past the last page, is a page that does not exist.
  const page = parsePageNumber(url.searchParams.get("page"));
  if (page === null) throw data(null, { status: 404 });
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const category = studioCategoryFromParam(url.searchParams.get("category"));
  const now = new Date();
  // Staff also see drafts and packs scheduled for later (the cards' badges tell them apart).
  const audience = await getAudience(context, request);
  // One page of the tab, searched by the database, and every tab's count from it. Without a
  // search, the same for every visitor: remembered for a moment rather than counted each time.
  const packType = studioPackTypeOf(category);
  const read = () =>
    pageStudioPacks(db, { now, audience, term: query, packType, page, pageSize: PUBLIC_PAGE_SIZE });
  const { rows, counts, unsearched } =
    query === "" && audience === "public"
      ? await sharedContent(db, request, `studio ${packType} ${page}`, read)
      : await read();
  const tabCounts = studioTabCounts(counts);
  const total = tabCounts[category.slug] ?? 0;
  const totalPages = pageCount(total, PUBLIC_PAGE_SIZE);
  if (page > totalPages) throw data(null, { status: 404 });
  return {
    items: rows.map((row) => presentPackCard(row, now)),
    counts: tabCounts,
    inCategory: studioTabCounts(unsearched)[category.slug] ?? 0,
    query,
    category: category.slug,
    page,
    totalPages,
    // `now` travels with the list so the server and the browser agree on Live / Coming Soon.
    now: now.toISOString(),
    links: studioListLinks({ query, category, page, totalPages }),
  };
}

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
        <StudioBrowser list={loaderData} />
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

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [
    ...siteMeta(matches, {
      title: "Studio Portfolio",
      description: (company) =>
        `Worlds, skin packs and add-ons by ${company} for the block-game marketplace: search the portfolio, see what is live and what is coming soon.`,
    }),
    ...listLinkTags(matches, loaderData?.links),
  ];
}
