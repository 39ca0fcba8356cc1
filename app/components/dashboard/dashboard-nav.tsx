import { MenuIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import * as React from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { cn } from "#app/lib/cn.ts";
import type { DashboardSectionGroup, SectionId } from "./sections.ts";
import { sectionPath } from "./sections.ts";

/**
 * The sidebar's two groups of section links; the current one is marked: the section shown, or
 * while a post is edited, the section that post belongs to (never "Create Post").
 */
export function DashboardSectionLinks({
  groups,
  currentId,
  onNavigate,
}: {
  groups: DashboardSectionGroup[];
  currentId: string;
  onNavigate?: () => void;
}) {
  return (
    <div className="space-y-8">
      {groups.map((group) => {
        const headingId = `dashboard-group-${group.label.toLowerCase().replaceAll(" ", "-")}`;
        return (
          <div key={group.label}>
            <p
              id={headingId}
              className="px-3 font-pixel text-[0.55rem] leading-4 tracking-tight text-zinc-400 uppercase"
            >
              {group.label}
            </p>
            <ul aria-labelledby={headingId} className="mt-3 space-y-1">
              {group.sections.map((section) => {
                const Icon = section.icon;
                const current = section.id === currentId;
                return (
                  <li key={section.id}>
                    <Link
                      to={sectionPath(section.id)}
                      onClick={onNavigate}
                      aria-current={current ? "page" : undefined}
                      className={cn(
                        "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-semibold transition-colors",
                        current
                          ? "bg-grass-500/15 text-grass-300"
                          : "text-zinc-300 hover:bg-white/5 hover:text-white",
                      )}
                    >
                      <Icon aria-hidden="true" className="size-4 shrink-0" />
                      {section.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

/**
 * Small screens: a menu button that opens the sidebar as a drawer, and a dropdown of the
 * sections (docs/product/dashboard.md#dashboard-shell). It is the page's one menu button there: the
 * drawer also lists the site's own links, and the site header hides its menu button.
 */
export function DashboardMobileNav({
  groups,
  currentId,
  communityInviteUrl,
}: {
  groups: DashboardSectionGroup[];
  currentId: string;
  /** Where the site's Support and Contact links lead (the community chat invite). */
  communityInviteUrl: string;
}) {
  const [open, setOpen] = React.useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation only
  React.useEffect(() => setOpen(false), [location.pathname]);

  return (
    <div data-slot="dashboard-menu" className="mb-6 flex items-center gap-2 lg:hidden">
      <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
        <DialogPrimitive.Trigger
          className="grid size-10 shrink-0 place-items-center rounded-md text-zinc-200 ring-1 ring-night-600 hover:bg-white/10"
          aria-label="Open dashboard menu"
        >
          <MenuIcon aria-hidden="true" className="size-5" />
        </DialogPrimitive.Trigger>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70" />
          <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-night-950 p-4 shadow-2xl ring-1 ring-night-700">
            <DialogPrimitive.Title className="mb-6 px-3 text-lg font-bold text-white">
              Dashboard menu
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">
              Choose a dashboard section.
            </DialogPrimitive.Description>
            <nav aria-label="Dashboard sections">
              <DashboardSectionLinks
                groups={groups}
                currentId={currentId}
                onNavigate={() => setOpen(false)}
              />
            </nav>
            <WebsiteLinks
              communityInviteUrl={communityInviteUrl}
              onNavigate={() => setOpen(false)}
            />
            <DialogPrimitive.Close className="mt-8 w-full rounded-md px-3 py-2 text-sm font-semibold text-zinc-300 ring-1 ring-night-600 hover:bg-white/5">
              Close menu
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <label htmlFor="dashboard-section-select" className="sr-only">
        Dashboard section
      </label>
      <div className="relative flex-1">
        <select
          id="dashboard-section-select"
          value={currentId}
          onChange={(event) => navigate(sectionPath(event.target.value as SectionId))}
          className="h-10 w-full appearance-none rounded-md bg-night-900 px-3 text-sm font-semibold text-zinc-100 ring-1 ring-night-600 focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none"
        >
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.sections.map((section) => (
                <option key={section.id} value={section.id}>
                  {section.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
    </div>
  );
}

const SITE_LINKS = [
  { to: "/", label: "Home" },
  { to: "/studio", label: "Studio" },
  { to: "/apps", label: "Apps & Tools" },
  { to: "/videos", label: "YouTube" },
] as const;

/** The site header's links, for the drawer: the way back to the public site on a phone. */
function WebsiteLinks({
  communityInviteUrl,
  onNavigate,
}: {
  communityInviteUrl: string;
  onNavigate: () => void;
}) {
  const className =
    "flex items-center rounded-md px-3 py-2 text-sm font-semibold text-zinc-300 hover:bg-white/5 hover:text-white";
  return (
    <nav aria-label="Website" className="mt-8 border-t border-night-700 pt-6">
      <p className="px-3 font-pixel text-[0.55rem] leading-4 tracking-tight text-zinc-400 uppercase">
        Website
      </p>
      <ul className="mt-3 space-y-1">
        {SITE_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={onNavigate} className={className}>
              {link.label}
            </Link>
          </li>
        ))}
        {["Support", "Contact"].map((label) => (
          <li key={label}>
            <a
              href={communityInviteUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={className}
            >
              {label}
            </a>
          </li>
        ))}
        <li>
          <a href="/api/logout" className={className}>
            Logout
          </a>
        </li>
      </ul>
    </nav>
  );
}
