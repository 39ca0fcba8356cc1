import { QueryClientProvider } from "@tanstack/react-query";
import { LogInIcon, ShieldOffIcon } from "lucide-react";
import * as React from "react";
import { data, isRouteErrorResponse, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import {
  DashboardMobileNav,
  DashboardSectionLinks,
} from "#app/components/dashboard/dashboard-nav.tsx";
import {
  DEFAULT_SECTION_ID,
  findSection,
  type SectionId,
  sectionGroupsFor,
} from "#app/components/dashboard/sections.ts";
import {
  CenteredCardIcon,
  CenteredCardText,
  CenteredCardTitle,
} from "#app/components/site/centered-card.tsx";
import { NotFoundPage } from "#app/components/site/not-found-page.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { ConfirmProvider } from "#app/components/ui/confirm-dialog.tsx";
import { AccountSection } from "#app/features/account/components/account-section.tsx";
import { AppsSection } from "#app/features/apps/components/apps-section.tsx";
import { EmployeesSection } from "#app/features/employees/components/employees-section.tsx";
import { IntegrationsSection } from "#app/features/integrations/components/integrations-section.tsx";
import { MediaSection } from "#app/features/media/components/media-section.tsx";
import { NewsletterDialog } from "#app/features/newsletters/components/newsletter-dialog.tsx";
import { NewslettersSection } from "#app/features/newsletters/components/newsletters-section.tsx";
import { startSendingAfterPublish } from "#app/features/newsletters/newsletter-after-publish.ts";
import { OutboxSection } from "#app/features/outbox/components/outbox-section.tsx";
import { OverviewSection } from "#app/features/overview/components/overview-section.tsx";
import { MarketplaceSection } from "#app/features/portfolio/components/marketplace-section.tsx";
import { CreatePostSection } from "#app/features/post-editor/components/create-post-section.tsx";
import type { PostEditorParts } from "#app/features/post-editor/editor-parts.ts";
import { readCreateRequest } from "#app/features/post-editor/post-form.ts";
import { HistoryPanel } from "#app/features/post-history/components/history-panel.tsx";
import { PostListSection } from "#app/features/post-list/components/post-list-section.tsx";
import { RecentPosts } from "#app/features/post-list/components/recent-posts.tsx";
import { SettingsSection } from "#app/features/settings/components/settings-section.tsx";
import { MailingListSection } from "#app/features/subscribers/components/mailing-list-section.tsx";
import { TagsSection } from "#app/features/tags/components/tags-section.tsx";
import { createQueryClient } from "#app/lib/query-client.ts";
import { changesOnlySearch } from "#app/lib/search-change.ts";
import { siteMeta } from "#app/lib/site-meta.ts";
import { loginUrlFor, useUnauthorizedRedirect } from "#app/lib/use-unauthorized-redirect.ts";
import { useRootData } from "#app/root.tsx";
import type { CurrentUser } from "#common/types/user.ts";
import { requirePageViewer } from "#server/auth/page-access.server.ts";
import { presentCurrentUser } from "#server/auth/viewer.server.ts";
import { serverContext } from "#server/context.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { getPostCategory } from "#server/services/post-rows.server.ts";
import type { Route } from "./+types/dashboard.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Signed out: 401, shown as the "logged out" toast and a redirect to sign in. Signed in
  // without access: 403, shown as "No access". Both by ErrorBoundary below.
  const viewer = await requirePageViewer(context, request);
  const sectionId = params.section ?? DEFAULT_SECTION_ID;
  // The outbox is there only when mail is written to it (no SMTP server).
  const hasOutbox = context.get(serverContext).mailer.kind === "outbox";
  // A section this user may not open (Employees for a plain employee) is not there for them.
  if (!findSection(sectionId, viewer, availableSections(hasOutbox))) {
    throw data(null, { status: 404 });
  }
  const navSectionId =
    sectionId === "create"
      ? await editedPostSection(context.get(serverContext).db, new URL(request.url).searchParams)
      : sectionId;
  return { user: presentCurrentUser(viewer), sectionId, navSectionId, hasOutbox };
}

/**
 * The section the sidebar marks in the editor (docs/product/dashboard.md#dashboard-shell): Create
 * Post for a new post; for one being edited, the section it belongs to: Marketplace Content for a
 * marketplace item, All Posts for any other post.
 */
async function editedPostSection(db: Db, params: URLSearchParams): Promise<SectionId> {
  const request = readCreateRequest(params);
  if (request.id === null) return "create";
  if (request.type === "portfolio") return "marketplace";
  const category = await getPostCategory(db, request.id);
  return category === "marketplace-content" ? "marketplace" : "posts";
}

/**
 * A section's list keeps its view in the query string (docs/product/dashboard.md#staff-lists) and
 * loads its own data: a change of the query string alone does not load the signed-in user again.
 * Any other navigation, and an explicit revalidation (the same address), does.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (changesOnlySearch(args) && !editsAnotherPost(args.currentUrl, args.nextUrl)) return false;
  return args.defaultShouldRevalidate;
}

/**
 * Whether the editor moves from one post to another, or from a post to a new one, so the sidebar's
 * mark is looked up again. Its own move from a new post to the draft its first autosave created
 * keeps Create Post marked while the post is being written.
 */
function editsAnotherPost(currentUrl: URL, nextUrl: URL): boolean {
  if (!nextUrl.pathname.endsWith("/create")) return false;
  const before = currentUrl.searchParams.get("id");
  return before !== null && before !== nextUrl.searchParams.get("id");
}

/** The staff dashboard: the sidebar's sections, one at a time, each at its own address. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, sectionId, navSectionId, hasOutbox } = loaderData;
  const onUnauthorized = useUnauthorizedRedirect();
  const [queryClient] = React.useState(() => createQueryClient({ onUnauthorized }));
  const groups = sectionGroupsFor(user, availableSections(hasOutbox));
  const communityInviteUrl = useRootData()?.site.communityInviteUrl ?? "";
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <div className="mx-auto flex max-w-7xl">
          <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-night-700 px-4 py-8 lg:block">
            <nav aria-label="Dashboard sections">
              <DashboardSectionLinks groups={groups} currentId={navSectionId} />
            </nav>
          </aside>
          <div className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:px-10 lg:py-10">
            <DashboardMobileNav
              groups={groups}
              currentId={navSectionId}
              communityInviteUrl={communityInviteUrl}
            />
            <SectionContent sectionId={sectionId} user={user} />
          </div>
        </div>
      </ConfirmProvider>
    </QueryClientProvider>
  );
}

type SectionProps = { user: CurrentUser };

/**
 * What the editor shows of the features beside it: features do not import one another, so the
 * History and the post's newsletter are handed to it here.
 */
const POST_EDITOR_PARTS: PostEditorParts = {
  HistoryPanel,
  NewsletterDialog,
  afterPublish: startSendingAfterPublish,
};

/** What each section shows; a section is listed in the sidebar only once it is here. */
const SECTIONS: Partial<Record<SectionId, (props: SectionProps) => React.ReactNode>> = {
  overview: ({ user }) => <OverviewSection user={user} recentPosts={<RecentPosts />} />,
  create: () => <CreatePostSection parts={POST_EDITOR_PARTS} />,
  posts: () => <PostListSection section="posts" />,
  scheduled: () => <PostListSection section="scheduled" />,
  drafts: () => <PostListSection section="drafts" />,
  marketplace: () => <MarketplaceSection />,
  tags: () => <TagsSection />,
  media: () => <MediaSection />,
  employees: () => <EmployeesSection />,
  news: () => <PostListSection section="news" />,
  apps: () => <AppsSection />,
  videos: () => <PostListSection section="videos" />,
  "mailing-list": ({ user }) => <MailingListSection user={user} />,
  newsletters: () => <NewslettersSection />,
  settings: () => <SettingsSection />,
  integrations: () => <Integrations />,
  outbox: () => <OutboxSection />,
  account: ({ user }) => <AccountSection user={user} />,
};

const AVAILABLE_SECTIONS: ReadonlySet<string> = new Set(Object.keys(SECTIONS));
const WITHOUT_OUTBOX: ReadonlySet<string> = new Set(
  [...AVAILABLE_SECTIONS].filter((id) => id !== "outbox"),
);

/** The sections the dashboard has: the outbox only when the site has one. */
function availableSections(hasOutbox: boolean): ReadonlySet<string> {
  return hasOutbox ? AVAILABLE_SECTIONS : WITHOUT_OUTBOX;
}

/** Integrations, with the site its cards' preview names (the saved company name, the site's address). */
function Integrations() {
  const root = useRootData();
  const site = { name: root?.site.companyName ?? "", url: root?.siteUrl ?? "" };
  return <IntegrationsSection site={site} />;
}

function SectionContent({ sectionId, user }: { sectionId: string; user: CurrentUser }) {
  const Section = SECTIONS[sectionId as SectionId] ?? SECTIONS.overview;
  return Section ? <Section user={user} /> : null;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const section = loaderData
    ? findSection(loaderData.sectionId, loaderData.user, availableSections(loaderData.hasOutbox))
    : null;
  const title = section && section.id !== DEFAULT_SECTION_ID ? `${section.label} | ` : "";
  return siteMeta(matches, { title: `${title}Dashboard`, noindex: true });
}

/**
 * Signed out: the 'Unauthorized' toast, then sign-in after 500 ms
 * (docs/product/dashboard.md#dashboard-shell). Signed in without access: a "No access" page rather
 * than a redirect loop.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 401) {
    const returnTo = (error.data as { returnTo?: unknown } | null)?.returnTo;
    return <SignedOut returnTo={typeof returnTo === "string" ? returnTo : "/dashboard"} />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isRouteErrorResponse(error) || error.status !== 403) throw error;
  return (
    <div className="flex items-start justify-center px-4 py-24">
      <Card layout="plain" className="w-full max-w-md p-6 text-center sm:p-8">
        <CenteredCardIcon tone="redstone" className="mx-auto">
          <ShieldOffIcon />
        </CenteredCardIcon>
        <CenteredCardTitle>No access</CenteredCardTitle>
        <CenteredCardText>
          You are signed in, but your account does not have access to the dashboard. If you should
          have access, ask an admin to add you as an active employee.
        </CenteredCardText>
        <div className="mt-8 flex justify-center gap-3">
          <Button asChild variant="outline">
            <Link to="/">Back to home</Link>
          </Button>
          <Button asChild variant="secondary">
            <a href="/api/logout">Sign out</a>
          </Button>
        </div>
      </Card>
    </div>
  );
}

function SignedOut({ returnTo }: { returnTo: string }) {
  const onUnauthorized = useUnauthorizedRedirect();
  React.useEffect(() => onUnauthorized(), [onUnauthorized]);
  return (
    <div className="flex items-start justify-center px-4 py-24">
      <Card layout="plain" className="w-full max-w-md p-6 text-center sm:p-8">
        <CenteredCardIcon className="mx-auto">
          <LogInIcon />
        </CenteredCardIcon>
        <CenteredCardTitle className="text-2xl">You are logged out</CenteredCardTitle>
        <CenteredCardText>Logging in again...</CenteredCardText>
        <Button asChild className="mt-8">
          <a href={loginUrlFor(returnTo)}>Sign in</a>
        </Button>
      </Card>
    </div>
  );
}
