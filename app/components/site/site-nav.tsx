import { ChevronDownIcon, MenuIcon, XIcon } from "lucide-react";
import type * as React from "react";
import { SiteLink, SiteNavLink } from "#app/components/site/site-link.tsx";
import { cardVariants } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { NavApp } from "#app/lib/site-data.ts";
import { APPS_MENU_LIMIT } from "#app/site-script/site-settings.ts";
import { appPath } from "#common/paths.ts";

type SiteNavProps = {
  companyName: string;
  communityInviteUrl: string;
  apps: NavApp[];
  isSignedIn: boolean;
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-semibold transition-colors",
    isActive ? "bg-grass-500/15 text-grass-300" : "text-zinc-300 hover:bg-white/5 hover:text-white",
  );

/**
 * The top navigation. It is plain markup, the same whether React hydrates the page or not: both
 * menus are always there, hidden, and the site script (installSiteNav) opens and closes them by
 * toggling `hidden`, `aria-expanded` and the toggle's label, found through the `data-*` hooks below.
 * Its links to the public pages load them as documents (`reloadDocument`), also from a page React
 * runs, such as the dashboard: those pages are static (docs/decisions/031-static-public-pages.md),
 * and the browser keeps an address's `#app` part, which a client-side navigation would drop.
 */
export function SiteNav({ companyName, communityInviteUrl, apps, isSignedIn }: SiteNavProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-night-700/80 bg-night-950/90 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6"
      >
        <Logo companyName={companyName} isSignedIn={isSignedIn} />
        <div className="ml-auto hidden items-center gap-1 lg:flex">
          <NavItems
            apps={<AppsMenu apps={apps} />}
            inviteUrl={communityInviteUrl}
            isSignedIn={isSignedIn}
          />
        </div>
        {/* On a dashboard page the dashboard's own menu, which also lists these links, is the
            one menu button on a small screen (docs/product/dashboard.md#dashboard-shell). */}
        <button
          type="button"
          className="group ml-auto rounded-md p-2 text-zinc-200 hover:bg-white/10 lg:hidden [body:has([data-slot=dashboard-menu])_&]:hidden"
          aria-expanded="false"
          aria-controls="mobile-menu"
          aria-label="Open menu"
          data-mobile-menu-toggle=""
        >
          {/* Both icons are always there; the open state picks one, so the script only has to
              change aria-expanded. */}
          <MenuIcon className="size-6 group-aria-expanded:hidden" />
          <XIcon className="hidden size-6 group-aria-expanded:block" />
        </button>
      </nav>
      <div
        id="mobile-menu"
        className="border-t border-night-700 bg-night-950 lg:hidden"
        data-mobile-menu=""
        hidden
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          <NavItems
            apps={
              <SiteNavLink reloadDocument to="/apps" className={linkClass}>
                Apps &amp; Tools
              </SiteNavLink>
            }
            inviteUrl={communityInviteUrl}
            isSignedIn={isSignedIn}
          />
        </div>
      </div>
    </header>
  );
}

/**
 * The navigation's items, the same in the bar and in the small-screen menu but for Apps & Tools
 * (a menu in the bar, a plain link in the small-screen list).
 */
function NavItems({
  apps,
  inviteUrl,
  isSignedIn,
}: {
  apps: React.ReactNode;
  inviteUrl: string;
  isSignedIn: boolean;
}) {
  return (
    <>
      <SiteNavLink reloadDocument to="/" end className={linkClass}>
        Home
      </SiteNavLink>
      <SiteNavLink reloadDocument to="/studio" className={linkClass}>
        Studio
      </SiteNavLink>
      {apps}
      <SiteNavLink reloadDocument to="/videos" className={linkClass}>
        YouTube
      </SiteNavLink>
      <ExternalNavLinks inviteUrl={inviteUrl} />
      {isSignedIn ? <SignedInLinks /> : null}
    </>
  );
}

function Logo({ companyName, isSignedIn }: { companyName: string; isSignedIn: boolean }) {
  const content = (
    <>
      <span
        aria-hidden="true"
        className="grid size-9 grid-cols-3 grid-rows-3 gap-px overflow-hidden rounded-sm bg-night-950 p-0.5 ring-1 ring-grass-500/60"
      >
        {LOGO_PIXELS.map((color, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed pattern
          <span key={i} className={color} />
        ))}
      </span>
      <span className="font-display text-lg font-bold tracking-tight text-white">
        {companyName}
      </span>
    </>
  );
  // Signed out, the logo is the way in for staff; signed in, it does nothing
  // (docs/product/public-site.md#navigation).
  if (isSignedIn) {
    return <span className="flex items-center gap-3">{content}</span>;
  }
  return (
    <a
      href="/api/login"
      className="flex items-center gap-3"
      aria-label={`${companyName}: staff sign in`}
    >
      {content}
    </a>
  );
}

const LOGO_PIXELS = [
  "bg-grass-400",
  "bg-grass-500",
  "bg-grass-400",
  "bg-amber-700",
  "bg-grass-600",
  "bg-amber-800",
  "bg-amber-800",
  "bg-amber-700",
  "bg-amber-900",
];

function ExternalNavLinks({ inviteUrl }: { inviteUrl: string }) {
  const className = linkClass({ isActive: false });
  return (
    <>
      <a href={inviteUrl} target="_blank" rel="noopener noreferrer" className={className}>
        Support
      </a>
      <a href={inviteUrl} target="_blank" rel="noopener noreferrer" className={className}>
        Contact
      </a>
    </>
  );
}

function SignedInLinks() {
  return (
    <>
      <SiteNavLink to="/dashboard" className={linkClass}>
        Dashboard
      </SiteNavLink>
      <a href="/api/logout" className={linkClass({ isActive: false })}>
        Logout
      </a>
    </>
  );
}

/**
 * Apps & Tools: a link to /apps that also opens a menu on hover, closing 300 ms after the
 * pointer leaves; the chevron button opens it from the keyboard, and Escape closes it. The site
 * script does all of that through `data-apps-menu` (the area the pointer and focus are tracked
 * in), `data-apps-menu-toggle` (the chevron) and `data-apps-menu-panel` (the list).
 */
function AppsMenu({ apps }: { apps: NavApp[] }) {
  const shown = apps.slice(0, APPS_MENU_LIMIT);
  const more = apps.length - shown.length;

  return (
    <div className="relative" data-apps-menu="">
      <div className="flex items-center">
        <SiteNavLink reloadDocument to="/apps" className={(state) => cn(linkClass(state), "pr-1")}>
          Apps &amp; Tools
        </SiteNavLink>
        <button
          type="button"
          className="group rounded-md p-2 text-zinc-400 hover:bg-white/5 hover:text-white"
          aria-expanded="false"
          aria-controls="apps-menu"
          aria-label="Show apps and tools"
          data-apps-menu-toggle=""
        >
          <ChevronDownIcon className="size-4 transition-transform group-aria-expanded:rotate-180" />
        </button>
      </div>
      <div
        id="apps-menu"
        className={cn(
          cardVariants({ layout: "plain" }),
          "absolute top-full left-0 mt-1 w-72 p-2 shadow-2xl",
        )}
        data-apps-menu-panel=""
        hidden
      >
        <ul className="flex flex-col">
          <li>
            <SiteLink
              reloadDocument
              to="/apps"
              className="block rounded-md px-3 py-2 text-sm font-semibold text-grass-300 hover:bg-white/5"
            >
              View All Apps &amp; Tools
            </SiteLink>
          </li>
          {shown.map((app) => (
            <li key={app.slug}>
              {app.websiteUrl ? (
                <a
                  href={app.websiteUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block rounded-md px-3 py-2 text-sm text-zinc-200 hover:bg-white/5 hover:text-white"
                >
                  {app.name}
                </a>
              ) : (
                <SiteLink
                  reloadDocument
                  to={appPath(app.slug)}
                  className="block rounded-md px-3 py-2 text-sm text-zinc-200 hover:bg-white/5 hover:text-white"
                >
                  {app.name}
                </SiteLink>
              )}
            </li>
          ))}
        </ul>
        {more > 0 ? (
          <SiteLink
            reloadDocument
            to="/apps"
            className="block border-t border-night-700 px-3 pt-2 pb-1 text-xs text-zinc-400 hover:text-white"
          >
            +{more} more apps
          </SiteLink>
        ) : null}
      </div>
    </div>
  );
}
