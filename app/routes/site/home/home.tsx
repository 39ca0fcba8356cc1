import {
  ArrowRightIcon,
  BoxesIcon,
  HandshakeIcon,
  MessageCircleIcon,
  PlayIcon,
  RocketIcon,
  SparklesIcon,
} from "lucide-react";
import { NewsletterForm } from "#app/components/site/newsletter-form.tsx";
import { PostCard } from "#app/components/site/post-card.tsx";
import { SiteLink } from "#app/components/site/site-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, cardVariants } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { loadAsDocument, staticPage } from "#app/lib/page-hydration.ts";
import { siteMeta } from "#app/lib/site-meta.ts";
import { useRootData } from "#app/root.tsx";
import { sharedContent } from "#app/routes/site/shared-content.server.ts";
import { serverContext } from "#server/context.server.ts";
import { presentPostCard } from "#server/presenters/post-card.server.ts";
import { countPublishedPortfolio } from "#server/services/portfolio.server.ts";
import { latestPostCards } from "#server/services/public-list-pages.server.ts";
import type { Route } from "./+types/home.ts";

/** How many posts "Latest Updates" shows (docs/product/public-site.md#home). */
const LATEST_POSTS = 3;

/**
 * Server-rendered HTML with the site script, not hydrated
 * (docs/decisions/031-static-public-pages.md): the newsletter form and its toasts are the site
 * script's.
 */
export const handle = staticPage;
export const clientMiddleware = [loadAsDocument];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  const now = new Date();
  // The same for every visitor: remembered for a moment rather than counted on each request.
  const [published, latest] = await Promise.all([
    sharedContent(db, request, "portfolio count", () => countPublishedPortfolio(db, now)),
    sharedContent(db, request, "latest posts", () =>
      latestPostCards(db, { now, limit: LATEST_POSTS }),
    ),
  ]);
  // Cards: what PostCard shows, not the posts' HTML.
  return { published, latest: latest.map((row) => presentPostCard(row, now)) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { published, latest } = loaderData;
  const site = useRootData()?.site;
  return (
    <>
      <Hero
        published={published}
        tagline={site?.tagline ?? ""}
        videoChannelUrl={site?.videoChannelUrl ?? ""}
      />
      <InnovationHub published={published} externalEditorUrl={site?.externalEditorUrl ?? ""} />
      <section aria-labelledby="latest-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="font-pixel text-[0.6rem] text-grass-400">FRESH FROM THE WORKSHOP</p>
            <h2 id="latest-title" className="mt-3 text-3xl font-bold text-white sm:text-4xl">
              Latest Updates
            </h2>
          </div>
          <Button asChild variant="outline">
            <SiteLink to="/news">
              All news <ArrowRightIcon />
            </SiteLink>
          </Button>
        </div>
        {latest.length === 0 ? (
          <p
            className={cn(
              cardVariants({ layout: "plain" }),
              "mt-10 p-10 text-center text-zinc-400",
            )}
          >
            No posts available yet.
          </p>
        ) : (
          <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {latest.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
        )}
      </section>
      <Contact inviteUrl={site?.communityInviteUrl ?? ""} />
    </>
  );
}

function Hero({
  published,
  tagline,
  videoChannelUrl,
}: {
  published: number;
  tagline: string;
  videoChannelUrl: string;
}) {
  return (
    <section className="pixel-grid relative overflow-hidden border-b border-night-700">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(34,197,94,0.18),transparent_60%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 pt-20 pb-16 sm:px-6 sm:pt-28">
        {tagline ? (
          <p className="font-pixel text-[0.65rem] text-grass-400 uppercase">{tagline}</p>
        ) : null}
        <h1 className="mt-5 max-w-4xl text-5xl leading-[0.95] font-bold tracking-tight text-white sm:text-7xl">
          Override Everything
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-zinc-300 sm:text-xl">
          Worlds, skin packs and add-ons built to be played, not just downloaded, with{" "}
          <strong className="text-white">{published}</strong>{" "}
          {published === 1 ? "project" : "projects"} published on the marketplace so far.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Button asChild size="lg">
            <SiteLink to="/studio">
              Explore <ArrowRightIcon />
            </SiteLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href={videoChannelUrl} target="_blank" rel="noopener noreferrer">
              <PlayIcon /> Watch Videos
            </a>
          </Button>
        </div>
        <dl className="mt-16 grid max-w-3xl grid-cols-3 gap-4">
          <Stat value={String(published)} label="Published projects" />
          <Stat value="5+" label="Years experience" />
          <Stat value="∞" label="Creative vision" />
        </dl>
      </div>
    </section>
  );
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="pixel-corners bg-night-900/80 p-4 sm:p-6">
      <dt className="text-xs font-semibold tracking-wide text-zinc-400 uppercase sm:text-sm">
        {label}
      </dt>
      <dd className="mt-2 font-display text-3xl font-bold text-grass-400 sm:text-5xl">{value}</dd>
    </div>
  );
}

function InnovationHub({
  published,
  externalEditorUrl,
}: {
  published: number;
  externalEditorUrl: string;
}) {
  return (
    <section aria-labelledby="hub-title" className="border-b border-night-700 bg-night-900/40">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <p className="font-pixel text-[0.6rem] text-diamond-400">WHAT WE BUILD</p>
        <h2 id="hub-title" className="mt-3 text-3xl font-bold text-white sm:text-4xl">
          Innovation Hub
        </h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <HubCard
            icon={<BoxesIcon />}
            title="Marketplace Content"
            text={`${published} published ${published === 1 ? "pack" : "packs"}: worlds, skins and add-ons.`}
            action={
              <SiteLink to="/studio" className={hubActionClass}>
                EXPLORE CONTENT
              </SiteLink>
            }
          />
          <HubCard
            icon={<HandshakeIcon />}
            title="Strategic Partnerships"
            text="Apps and tools we build with partners across the community."
            action={
              <SiteLink to="/apps" className={hubActionClass}>
                LEARN MORE
                {/* Read by search engines and screen readers: the visible words alone say nothing. */}
                <span className="sr-only"> about our apps and partnerships</span>
              </SiteLink>
            }
          />
          <HubCard
            icon={<RocketIcon />}
            title="Founding Ventures"
            text="Our own editor for building and testing packs in the browser."
            action={
              <a
                href={externalEditorUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={hubActionClass}
              >
                TRY NOW
              </a>
            }
          />
          <HubCard
            icon={<SparklesIcon />}
            title="Future Innovation"
            text="Something new is on the workbench. It will be worth the wait."
            inactive
            action={
              <span
                aria-disabled="true"
                className={cn(hubActionClass, "cursor-not-allowed text-zinc-400")}
              >
                STAY TUNED
              </span>
            }
          />
        </div>
      </div>
    </section>
  );
}

const hubActionClass =
  "mt-auto inline-flex items-center gap-2 font-pixel text-[0.6rem] text-grass-300 hover:text-grass-400";

function HubCard({
  icon,
  title,
  text,
  action,
  inactive = false,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  action: React.ReactNode;
  inactive?: boolean;
}) {
  return (
    <article
      className={cn(
        cardVariants(),
        "gap-4 p-6",
        // Inactive cards are muted by colour, not opacity, so their text keeps its contrast.
        inactive ? "bg-night-900/60" : "transition-colors hover:ring-grass-500/50",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "grid size-11 place-items-center rounded-md [&_svg]:size-5",
          inactive ? "bg-night-800 text-zinc-400" : "bg-grass-500/15 text-grass-300",
        )}
      >
        {icon}
      </span>
      <h3 className="text-lg font-bold text-white">{title}</h3>
      <p className="text-sm text-zinc-400">{text}</p>
      {action}
    </article>
  );
}

function Contact({ inviteUrl }: { inviteUrl: string }) {
  return (
    <section aria-labelledby="contact-title" className="border-t border-night-700 bg-night-900/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-20 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="font-pixel text-[0.6rem] text-grass-400">JOIN THE SERVER</p>
          <h2 id="contact-title" className="mt-3 text-3xl font-bold text-white sm:text-4xl">
            Get in touch
          </h2>
          <p className="mt-4 max-w-lg text-zinc-300">
            Questions, partnership ideas or a bug in one of our worlds? Our community chat is the
            fastest way to reach the team.
          </p>
          <Button asChild size="lg" variant="secondary" className="mt-8">
            <a href={inviteUrl} target="_blank" rel="noopener noreferrer">
              <MessageCircleIcon /> Join our community
            </a>
          </Button>
        </div>
        <Card className="p-6 sm:p-8">
          <h3 className="text-xl font-bold text-white">Newsletter</h3>
          <p className="mt-2 text-sm text-zinc-400">
            New releases and behind-the-scenes news, straight to your inbox.
          </p>
          <div className="mt-6">
            <NewsletterForm />
          </div>
          <p className="mt-4 text-xs text-zinc-400">
            No spam, just epic content updates. Unsubscribe anytime.
          </p>
        </Card>
      </div>
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, {
    title: (company) => `${company}: worlds, skin packs and add-ons`,
    description: (company) =>
      `${company} makes worlds, skin packs and add-ons for the block-game marketplace. Explore our releases, apps, videos and news.`,
  });
}
