import { ExternalLinkIcon, MessageCircleIcon } from "lucide-react";
import * as React from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { AppBrowser } from "#app/components/site/app-browser.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useRootData } from "#app/root.tsx";
import { serverContext } from "#server/context.server.ts";
import { presentApp } from "#server/presenters/app.server.ts";
import { listApps } from "#server/services/apps.server.ts";
import type { Route } from "./+types/apps.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  const rows = await listApps(db);
  return { apps: rows.map(presentApp), now: new Date().toISOString() };
}

/** Switching filters only changes the query string; the list is already here. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function Apps({ loaderData }: Route.ComponentProps) {
  const { apps } = loaderData;
  const now = React.useMemo(() => new Date(loaderData.now), [loaderData.now]);
  const site = useRootData()?.site;

  return (
    <>
      <section className="pixel-grid relative overflow-hidden border-b border-night-700">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,rgba(34,197,94,0.16),transparent_60%)]"
        />
        <div className="relative mx-auto max-w-7xl px-4 pt-16 pb-12 sm:px-6 sm:pt-20">
          <p className="font-pixel text-[0.6rem] text-diamond-400">BUILT FOR PLAYERS</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-white sm:text-6xl">
            Apps &amp; Tools
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-zinc-300">
            The tools we build for creators and players, and the apps we make with our partners.
          </p>
        </div>
      </section>

      <section aria-labelledby="apps-list-title" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <AppBrowser apps={apps} now={now} petitionUrl={site?.petitionUrl ?? ""} />
      </section>

      <PartnershipCallToAction inviteUrl={site?.communityInviteUrl ?? ""} />
    </>
  );
}

function PartnershipCallToAction({ inviteUrl }: { inviteUrl: string }) {
  return (
    <section aria-labelledby="partnership-title" className="border-t border-night-700">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="pixel-corners relative overflow-hidden bg-gradient-to-br from-diamond-400/20 via-night-900 to-night-900 p-8 sm:p-12">
          <div className="flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
            <div className="max-w-2xl">
              <p className="font-pixel text-[0.6rem] text-diamond-300">WORK WITH US</p>
              <h2 id="partnership-title" className="mt-3 text-3xl font-bold text-white sm:text-4xl">
                Interested in Partnership?
              </h2>
              <p className="mt-4 text-zinc-300">
                Have an app, a tool or an idea that players would love? We team up with studios and
                developers on launches, integrations and co-built worlds.
              </p>
            </div>
            <Button asChild size="lg" variant="secondary">
              <a href={inviteUrl} target="_blank" rel="noopener noreferrer">
                <MessageCircleIcon aria-hidden="true" />
                Get in Touch
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
    { title: `Apps & Tools | ${company}` },
    {
      name: "description",
      content: `Apps and tools by ${company} and its partners: skin editors, build planners, pack checkers and more, with downloads, ratings and platforms.`,
    },
  ];
}
