import {
  CircleAlertIcon,
  FileTextIcon,
  MonitorPlayIcon,
  NewspaperIcon,
  PackageIcon,
  PlusIcon,
} from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { sectionPath } from "#app/components/dashboard/sections.ts";
import { Button } from "#app/components/ui/button.tsx";
import { greetingName } from "#app/features/overview/greeting.ts";
import { canManageEmployees } from "#common/access.ts";
import type { CurrentUser } from "#common/types/user.ts";
import { StatsTiles } from "./stats-tiles.tsx";

/** The four shortcut buttons of the overview (docs/product/dashboard.md#overview). */
const SHORTCUTS = [
  { label: "View All Posts", to: sectionPath("posts"), icon: FileTextIcon },
  { label: "Marketplace Posts", to: sectionPath("marketplace"), icon: PackageIcon },
  { label: "YouTube Videos", to: sectionPath("videos"), icon: MonitorPlayIcon },
  { label: "News Posts", to: sectionPath("news"), icon: NewspaperIcon },
] as const;

/**
 * The dashboard's landing section (docs/product/dashboard.md#overview). `recentPosts` is the
 * content list of the newest posts, which belongs to the posts feature.
 */
export function OverviewSection({
  user,
  recentPosts,
}: {
  user: CurrentUser;
  recentPosts: React.ReactNode;
}) {
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title" className="text-3xl font-bold text-white">
        {`Welcome, ${greetingName(user)}!`}
      </h1>
      <p className="mt-3 text-zinc-300">
        Here you can Add/Edit/Delete News and Marketplace Content from the Website.
      </p>
      {user.isInitialSetup ? (
        <div
          role="status"
          className="mt-6 flex flex-wrap items-start gap-3 rounded-md bg-gold-400/10 p-4 text-sm text-gold-300 ring-1 ring-gold-400/40"
        >
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="flex-1">
            Initial Setup Mode: Please add yourself as an employee in the Employees section to
            complete setup.
          </p>
          {canManageEmployees(user) ? (
            <Button asChild size="sm" variant="secondary">
              <Link to={sectionPath("employees")}>Go to Employees</Link>
            </Button>
          ) : null}
        </div>
      ) : null}

      <section aria-labelledby="stats-title" className="mt-8">
        <h2 id="stats-title" className="sr-only">
          Content statistics
        </h2>
        <StatsTiles />
      </section>

      <nav aria-label="Shortcuts" className="mt-8">
        <ul className="flex flex-wrap gap-3">
          {SHORTCUTS.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Button asChild variant="secondary">
                <Link to={to}>
                  <Icon aria-hidden="true" />
                  {label}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="recent-posts-title" className="mt-12">
        <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <h2 id="recent-posts-title" className="text-2xl font-bold text-white">
            Recent Posts
          </h2>
          <Button asChild>
            <Link to={sectionPath("create")}>
              <PlusIcon aria-hidden="true" />
              Create New Post
            </Link>
          </Button>
        </header>
        {recentPosts}
      </section>
    </section>
  );
}
