import { ChevronDownIcon, MenuIcon, XIcon } from "lucide-react";
import * as React from "react";
import { Link, NavLink, useLocation } from "react-router";
import { cardVariants } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import type { NavApp } from "#app/lib/site-data.ts";

/**
 * How long the Apps & Tools menu stays open after the pointer leaves it
 * (docs/product.md#navigation).
 */
export const APPS_MENU_CLOSE_DELAY_MS = 300;
/** How many apps the Apps & Tools menu lists. */
export const APPS_MENU_LIMIT = 6;

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

export function SiteNav({ companyName, communityInviteUrl, apps, isSignedIn }: SiteNavProps) {
  const [menuOpen, setMenuOpen] = React.useState(false);
  const location = useLocation();

  // Close the small-screen menu whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  React.useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-night-700/80 bg-night-950/90 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6"
      >
        <Logo companyName={companyName} isSignedIn={isSignedIn} />
        <div className="ml-auto hidden items-center gap-1 lg:flex">
          <NavLink to="/" end className={linkClass}>
            Home
          </NavLink>
          <NavLink to="/studio" className={linkClass}>
            Studio
          </NavLink>
          <AppsMenu apps={apps} />
          <NavLink to="/videos" className={linkClass}>
            YouTube
          </NavLink>
          <ExternalNavLinks inviteUrl={communityInviteUrl} />
          {isSignedIn ? <SignedInLinks /> : null}
        </div>
        {/* On a dashboard page the dashboard's own menu, which also lists these links, is the
            one menu button on a small screen (docs/product.md#dashboard-shell). */}
        <button
          type="button"
          className="ml-auto rounded-md p-2 text-zinc-200 hover:bg-white/10 lg:hidden [body:has([data-slot=dashboard-menu])_&]:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <XIcon className="size-6" /> : <MenuIcon className="size-6" />}
        </button>
      </nav>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-night-700 bg-night-950 lg:hidden">
          <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
            <NavLink to="/" end className={linkClass}>
              Home
            </NavLink>
            <NavLink to="/studio" className={linkClass}>
              Studio
            </NavLink>
            <NavLink to="/apps" className={linkClass}>
              Apps &amp; Tools
            </NavLink>
            <NavLink to="/videos" className={linkClass}>
              YouTube
            </NavLink>
            <ExternalNavLinks inviteUrl={communityInviteUrl} />
            {isSignedIn ? <SignedInLinks /> : null}
          </div>
        </div>
      ) : null}
    </header>
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
  // (docs/product.md#navigation).
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
      <NavLink to="/dashboard" className={linkClass}>
        Dashboard
      </NavLink>
      <a href="/api/logout" className={linkClass({ isActive: false })}>
        Logout
      </a>
    </>
  );
}

/**
 * Apps & Tools: a link to /apps that also opens a menu on hover, closing 300 ms after the
 * pointer leaves; the chevron button opens it from the keyboard, and Escape closes it.
 */
function AppsMenu({ apps }: { apps: NavApp[] }) {
  const [open, setOpen] = React.useState(false);
  const closeTimer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const buttonRef = React.useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // True while the menu is open only because the pointer came in: a click on the chevron then
  // keeps it open instead of closing what the person has just seen appear.
  const openedByHover = React.useRef(false);

  const cancelClose = () => clearTimeout(closeTimer.current);
  const openNow = () => {
    cancelClose();
    setOpen(true);
  };
  const openOnHover = () => {
    if (!open) openedByHover.current = true;
    openNow();
  };
  const toggleOnClick = () => {
    if (open && !openedByHover.current) {
      setOpen(false);
    } else {
      openedByHover.current = false;
      openNow();
    }
  };
  const closeLater = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), APPS_MENU_CLOSE_DELAY_MS);
  };
  React.useEffect(() => () => clearTimeout(closeTimer.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  React.useEffect(() => setOpen(false), [location.pathname, location.hash]);

  const shown = apps.slice(0, APPS_MENU_LIMIT);
  const more = apps.length - shown.length;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only adds to the keyboard-operable button
    <div
      className="relative"
      onMouseEnter={openOnHover}
      onMouseLeave={() => {
        openedByHover.current = false;
        closeLater();
      }}
      onFocus={cancelClose}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) closeLater();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <div className="flex items-center">
        <NavLink to="/apps" className={(state) => cn(linkClass(state), "pr-1")}>
          Apps &amp; Tools
        </NavLink>
        <button
          ref={buttonRef}
          type="button"
          className="rounded-md p-2 text-zinc-400 hover:bg-white/5 hover:text-white"
          aria-expanded={open}
          aria-controls="apps-menu"
          aria-label="Show apps and tools"
          onClick={toggleOnClick}
        >
          <ChevronDownIcon className={cn("size-4 transition-transform", open && "rotate-180")} />
        </button>
      </div>
      {open ? (
        <div
          id="apps-menu"
          className={cn(
            cardVariants({ layout: "plain" }),
            "absolute top-full left-0 mt-1 w-72 p-2 shadow-2xl",
          )}
        >
          <ul className="flex flex-col">
            <li>
              <Link
                to="/apps"
                className="block rounded-md px-3 py-2 text-sm font-semibold text-grass-300 hover:bg-white/5"
              >
                View All Apps &amp; Tools
              </Link>
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
                  <Link
                    to={`/apps#${app.slug}`}
                    className="block rounded-md px-3 py-2 text-sm text-zinc-200 hover:bg-white/5 hover:text-white"
                  >
                    {app.name}
                  </Link>
                )}
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <Link
              to="/apps"
              className="block border-t border-night-700 px-3 pt-2 pb-1 text-xs text-zinc-400 hover:text-white"
            >
              +{more} more apps
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
