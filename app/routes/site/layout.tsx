import { use } from "react";
import { Outlet, useLocation, useNavigation } from "react-router";
import { PostLoading } from "#app/components/site/post-status.tsx";
import { SiteFooter } from "#app/components/site/site-footer.tsx";
import { SiteNav } from "#app/components/site/site-nav.tsx";
import { StaticPageContext } from "#app/lib/page-hydration.ts";
import { keepOnSearchChange } from "#app/lib/search-change.ts";
import { useRootData } from "#app/root.tsx";
import { isPostPath } from "#common/paths.ts";
import { serverContext } from "#server/context.server.ts";
import { listApps } from "#server/services/apps.server.ts";
import type { Route } from "./+types/layout.ts";
import { sharedContent } from "./shared-content.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  // Every page lists the apps in its navigation: read once for many pages, not on each.
  const apps = await sharedContent(db, request, "apps", () => listApps(db));
  return {
    navApps: apps.map(({ name, slug, websiteUrl }) => ({ name, slug, websiteUrl })),
    year: new Date().getFullYear(),
  };
}

/** The navigation's apps and the year do not depend on the query string. */
export const shouldRevalidate = keepOnSearchChange;

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const site = root?.site;
  const pending = usePendingPath();
  const isStatic = use(StaticPageContext);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-grass-500 px-4 py-2 text-night-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteNav
        companyName={site?.companyName ?? ""}
        communityInviteUrl={site?.communityInviteUrl ?? ""}
        apps={loaderData.navApps}
        isSignedIn={root?.isSignedIn ?? false}
      />
      <main id="main" className="flex-1 pt-16">
        {pending && isPostPath(pending) ? <PostLoading /> : <Outlet />}
      </main>
      {isStatic ? (
        // On a page React does not hydrate, the site script shows this while a post loads.
        <template data-post-loading="">
          <PostLoading />
        </template>
      ) : null}
      <SiteFooter
        companyName={site?.companyName ?? ""}
        tagline={site?.tagline ?? ""}
        links={site?.footerLinks ?? []}
        year={loaderData.year}
      />
    </div>
  );
}

/** The path a client-side navigation is loading, when it leads to another page. */
function usePendingPath(): string | null {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  const target = navigation.location.pathname;
  return target === location.pathname ? null : target;
}
