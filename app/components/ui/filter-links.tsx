import type * as React from "react";
import type { LinkProps } from "react-router";
import { SiteLink } from "#app/components/site/site-link.tsx";
import { cn } from "#app/lib/cn.ts";

/**
 * Tab-styled filters that are links: the choice lives in the URL, so a filtered view can be
 * shared, opened in a new tab, and works before the page's script has loaded. The current
 * choice is marked with aria-current.
 */
export function FilterLinks({ className, children, ...props }: React.ComponentProps<"nav">) {
  return (
    <nav data-slot="filter-links" className={className} {...props}>
      <ul className="inline-flex flex-wrap items-center gap-1 rounded-lg bg-night-900 p-1 ring-1 ring-night-700">
        {children}
      </ul>
    </nav>
  );
}

export function FilterLink({
  active,
  count,
  className,
  children,
  ...props
}: LinkProps & { active: boolean; count?: number }) {
  return (
    <li>
      <SiteLink
        data-slot="filter-link"
        aria-current={active ? "page" : undefined}
        preventScrollReset
        className={cn(
          "inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors",
          active
            ? "bg-grass-500 text-night-950"
            : "text-zinc-300 hover:bg-white/5 hover:text-white",
          className,
        )}
        {...props}
      >
        {children}
        {count === undefined ? null : (
          <>
            <span
              aria-hidden="true"
              className={cn(
                "rounded px-1.5 py-0.5 text-xs tabular-nums",
                active ? "bg-night-950/20 text-night-950" : "bg-night-800 text-zinc-300",
              )}
            >
              {count}
            </span>
            <span className="sr-only"> ({count})</span>
          </>
        )}
      </SiteLink>
    </li>
  );
}
