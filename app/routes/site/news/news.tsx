import { data } from "react-router";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { CATEGORY_LABELS } from "#app/components/site/post-card.tsx";
import { listLinkTags } from "#app/lib/list-links.ts";
import { loadAsDocument, staticPage } from "#app/lib/page-hydration.ts";
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

/**
 * Server-rendered HTML with the site script, not hydrated (docs/decisions/031-static-public-pages.md):
 * the script loads each search, sort and page of the list in place.
 */
export const handle = staticPage;
export const clientMiddleware = [loadAsDocument];

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

export default function News({ loaderData }: Route.ComponentProps) {
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
        <NewsBrowser list={loaderData} />
      </section>
    </>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tag = loaderData?.tag ?? null;
  return [
    ...siteMeta(matches, {
      title: tag === null ? "Latest News" : `Articles tagged #${tag}`,
      description: (company) =>
        `News, release announcements and behind-the-scenes stories from ${company}: search every article and sort by date or title.`,
    }),
    ...listLinkTags(matches, loaderData?.links),
  ];
}
