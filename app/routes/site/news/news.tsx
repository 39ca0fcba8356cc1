import * as React from "react";
import { Await, data } from "react-router";
import { LoadError } from "#app/components/site/load-error.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { CATEGORY_LABELS } from "#app/components/site/post-card.tsx";
import { listLinkTags } from "#app/lib/list-links.ts";
import { siteMeta } from "#app/lib/site-meta.ts";
import { sharedContent } from "#app/routes/site/shared-content.server.ts";
import { PUBLIC_PAGE_SIZE, pageCount, parsePageNumber } from "#common/paging.ts";
import { serverContext } from "#server/context.server.ts";
import { presentPostCard } from "#server/presenters/post-card.server.ts";
import { pageNewsArticles } from "#server/services/public-list-pages.server.ts";
import type { Route } from "./+types/news.ts";
import { NewsBrowser } from "./news-browser.tsx";
import {
  categoriesMatching,
  newsListLinks,
  normalizeNewsTag,
  normalizeSearchTerm,
  parseNewsSort,
} from "./news-filters.ts";
import { NewsSkeleton } from "./news-skeleton.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  const url = new URL(request.url);
  // A page number that is not one, or past the last page, is a page that does not exist.
  const page = parsePageNumber(url.searchParams.get("page"));
  if (page === null) throw data(null, { status: 404 });
  const term = normalizeSearchTerm(url.searchParams.get("q"));
  const sort = parseNewsSort(url.searchParams.get("sort"));
  // A tag link from a post (`?tag=`): only the articles carrying it.
  const tag = normalizeNewsTag(url.searchParams.get("tag"));
  const now = new Date();
  // One page of the visible posts, searched and sorted by the database, with only what a card
  // shows (never the post's HTML), and how many there are in all. Without a search, the same
  // for every visitor: remembered for a moment rather than counted on each request.
  const read = () =>
    pageNewsArticles(db, {
      now,
      term,
      categories: categoriesMatching(term, CATEGORY_LABELS),
      tag,
      sort,
      page,
      pageSize: PUBLIC_PAGE_SIZE,
    });
  const { rows, total, anyPublished } =
    term === ""
      ? await sharedContent(db, request, `news ${sort} ${page} ${JSON.stringify(tag)}`, read)
      : await read();
  const totalPages = pageCount(total, PUBLIC_PAGE_SIZE);
  if (page > totalPages) throw data(null, { status: 404 });
  return {
    articles: rows.map((row) => presentPostCard(row, now)),
    total,
    anyPublished,
    page,
    totalPages,
    term,
    sort,
    tag,
    links: newsListLinks({ term, sort, tag, page, totalPages }),
  };
}

/** Whether the page is on screen: a search, a sort or a page change then keeps it there. */
let shown = false;

/**
 * Arriving from another page, the page shows at once with placeholder cards until the list
 * arrives (docs/product.md#server-rendered-pages); a search, a sort or another page of the list
 * keeps the current cards until the next ones are here. The first, server-rendered visit arrives
 * complete.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  if (shown) return serverLoader();
  return { pending: serverLoader() };
}

export default function News({ loaderData }: Route.ComponentProps) {
  React.useEffect(() => {
    shown = true;
    return () => {
      shown = false;
    };
  }, []);
  return (
    <>
      <PageHero
        label="FROM THE WORKSHOP"
        labelClassName="text-gold-300"
        title="Latest News"
        lead="Release announcements, studio updates, videos and the stories behind our worlds, skins and add-ons."
        glowClassName="bg-[radial-gradient(ellipse_at_top_left,rgba(250,204,21,0.12),transparent_60%)]"
      />
      <section aria-label="Articles" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {"pending" in loaderData ? (
          <React.Suspense fallback={<NewsSkeleton />}>
            <Await
              resolve={loaderData.pending}
              errorElement={<LoadError title="The articles could not be loaded." />}
            >
              {(list) => <NewsBrowser list={list} />}
            </Await>
          </React.Suspense>
        ) : (
          // Data already here (the server render and its hydration): no Suspense boundary, which
          // the server could stream out of order and show only to browsers running scripts.
          <NewsBrowser list={loaderData} />
        )}
      </section>
    </>
  );
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  // From the address: arriving from another page, the list (and its tag) is still on its way.
  const tag = normalizeNewsTag(new URLSearchParams(location.search).get("tag"));
  return [
    ...siteMeta(matches, {
      title: tag === null ? "Latest News" : `Articles tagged #${tag}`,
      description: (company) =>
        `News, release announcements and behind-the-scenes stories from ${company}: search every article and sort by date or title.`,
    }),
    ...listLinkTags(matches, loaderData && "links" in loaderData ? loaderData.links : undefined),
  ];
}
