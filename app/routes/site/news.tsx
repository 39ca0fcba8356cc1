import * as React from "react";
import { Await, type ShouldRevalidateFunctionArgs } from "react-router";
import { NewsBrowser } from "#app/components/site/news-browser.tsx";
import { NewsSkeleton } from "#app/components/site/news-skeleton.tsx";
import { serverContext } from "#server/context.server.ts";
import { presentPost } from "#server/presenters/post.server.ts";
import { listPublishedPosts } from "#server/services/posts.server.ts";
import type { Route } from "./+types/news.ts";

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
 * arrives (DECISIONS.md section 5); the first, server-rendered visit arrives complete.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { pending: serverLoader() };
}

/** Searching and sorting only change the query string; the list is already here. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function News({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="pixel-grid relative overflow-hidden border-b border-night-700">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,rgba(250,204,21,0.12),transparent_60%)]"
        />
        <div className="relative mx-auto max-w-7xl px-4 pt-16 pb-12 sm:px-6 sm:pt-20">
          <p className="font-pixel text-[0.6rem] text-gold-300">FROM THE WORKSHOP</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-white sm:text-6xl">
            Latest News
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-zinc-300">
            Release announcements, studio updates, videos and the stories behind our worlds, skins
            and add-ons.
          </p>
        </div>
      </section>
      <section aria-label="Articles" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {"pending" in loaderData ? (
          <React.Suspense fallback={<NewsSkeleton />}>
            <Await resolve={loaderData.pending} errorElement={<LoadError />}>
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

function LoadError() {
  return (
    <div role="alert" className="rounded-xl bg-night-900 p-10 text-center ring-1 ring-night-700">
      <p className="text-lg font-semibold text-white">The articles could not be loaded.</p>
      <p className="mt-2 text-zinc-400">Please reload the page or try again in a moment.</p>
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const company = matches[0]?.loaderData?.site.companyName ?? "Studio";
  return [
    { title: `Latest News | ${company}` },
    {
      name: "description",
      content: `News, release announcements and behind-the-scenes stories from ${company}: search every article and sort by date or title.`,
    },
  ];
}
