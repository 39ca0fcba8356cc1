import * as React from "react";
import { Await } from "react-router";
import { LoadError } from "#app/components/site/load-error.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { siteMeta } from "#app/lib/site-meta.ts";
import { serverContext } from "#server/context.server.ts";
import { presentPost } from "#server/presenters/post.server.ts";
import { listPublishedPosts } from "#server/services/public-post-lists.server.ts";
import type { Route } from "./+types/news.ts";
import { NewsBrowser } from "./news-browser.tsx";
import { NewsSkeleton } from "./news-skeleton.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  const now = new Date();
  const rows = await listPublishedPosts(db, { now });
  // Every visible post, newest first, with only what a card shows (not the post's HTML).
  return {
    articles: rows.map((row) => {
      const post = presentPost(row, now);
      return {
        id: post.id,
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        category: post.category,
        featuredImage: post.featuredImage,
        featuredImageAlt: post.featuredImageAlt,
        publishedAt: post.publishedAt,
        createdAt: post.createdAt,
      };
    }),
  };
}

/**
 * On a client-side navigation the page shows at once, with placeholder cards until the list
 * arrives (docs/product.md#server-rendered-pages); the first, server-rendered visit arrives
 * complete.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { pending: serverLoader() };
}

/** Searching and sorting only change the query string; the list is already here. */
export { revalidateUnlessOnlySearchChanged as shouldRevalidate } from "#app/lib/route-revalidation.ts";

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
        {"pending" in loaderData ? (
          <React.Suspense fallback={<NewsSkeleton />}>
            <Await
              resolve={loaderData.pending}
              errorElement={<LoadError title="The articles could not be loaded." />}
            >
              {({ articles }) => <NewsBrowser articles={articles} />}
            </Await>
          </React.Suspense>
        ) : (
          // Data already here (the server render and its hydration): no Suspense boundary, which
          // the server could stream out of order and show only to browsers running scripts.
          <NewsBrowser articles={loaderData.articles} />
        )}
      </section>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, {
    title: "Latest News",
    description: (company) =>
      `News, release announcements and behind-the-scenes stories from ${company}: search every article and sort by date or title.`,
  });
}
