import { MessageCircleIcon } from "lucide-react";
import { CallToAction } from "#app/components/site/call-to-action.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { appFilterFromParam } from "#app/lib/app-filters.ts";
import { loadAsDocument, staticPage } from "#app/lib/page-hydration.ts";
import { siteMeta } from "#app/lib/site-meta.ts";
import { useRootData } from "#app/root.tsx";
import { sharedContent } from "#app/routes/site/shared-content.server.ts";
import { serverContext } from "#server/context.server.ts";
import { presentApp } from "#server/presenters/app.server.ts";
import { listApps } from "#server/services/apps.server.ts";
import type { Route } from "./+types/apps.ts";
import { AppBrowser } from "./app-browser.tsx";

/**
 * Server-rendered HTML with the site script, not hydrated (docs/decisions/031-static-public-pages.md):
 * the script shows each filter in place.
 */
export const handle = staticPage;
export const clientMiddleware = [loadAsDocument];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  // The same answer as the navigation's (the layout's loader), read once for both.
  const rows = await sharedContent(db, request, "apps", () => listApps(db));
  const filter = appFilterFromParam(new URL(request.url).searchParams.get("filter"));
  return { apps: rows.map(presentApp), filter: filter.slug, now: new Date().toISOString() };
}

export default function Apps({ loaderData }: Route.ComponentProps) {
  const { apps, filter } = loaderData;
  const now = new Date(loaderData.now);
  const site = useRootData()?.site;

  return (
    <>
      <PageHero
        label="BUILT FOR PLAYERS"
        labelClassName="text-diamond-400"
        title="Apps & Tools"
        lead="The tools we build for creators and players, and the apps we make with our partners."
        glowClassName="bg-[radial-gradient(ellipse_at_top_left,rgba(34,197,94,0.16),transparent_60%)]"
      />

      <section aria-labelledby="apps-list-title" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <AppBrowser apps={apps} filter={filter} now={now} petitionUrl={site?.petitionUrl ?? ""} />
      </section>

      <PartnershipCallToAction inviteUrl={site?.communityInviteUrl ?? ""} />
    </>
  );
}

function PartnershipCallToAction({ inviteUrl }: { inviteUrl: string }) {
  return (
    <CallToAction
      titleId="partnership-title"
      label="WORK WITH US"
      labelClassName="text-diamond-300"
      title="Interested in Partnership?"
      text="Have an app, a tool or an idea that players would love? We team up with studios and developers on launches, integrations and co-built worlds."
      className="from-diamond-400/20"
      link={{
        href: inviteUrl,
        label: "Get in Touch",
        icon: MessageCircleIcon,
        variant: "secondary",
      }}
    />
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, {
    title: "Apps & Tools",
    description: (company) =>
      `Apps and tools by ${company} and its partners: skin editors, build planners, pack checkers and more, with downloads, ratings and platforms.`,
  });
}
