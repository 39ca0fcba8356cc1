import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

/**
 * The header of a public page: a small pixel label, the page's h1 and a lead paragraph over the
 * pixel grid, lit by the page's own glow. `actions` (links to the page's outside places) go below.
 */
export function PageHero({
  label,
  labelClassName,
  title,
  lead,
  glowClassName,
  actions,
}: {
  label: string;
  /** The label's colour. */
  labelClassName: string;
  title: React.ReactNode;
  lead: React.ReactNode;
  /** The background gradient behind the text. */
  glowClassName: string;
  actions?: React.ReactNode;
}) {
  return (
    <section className="pixel-grid relative overflow-hidden border-b border-night-700">
      <div aria-hidden="true" className={cn("absolute inset-0", glowClassName)} />
      <div className="relative mx-auto max-w-7xl px-4 pt-16 pb-12 sm:px-6 sm:pt-20">
        <p className={cn("font-pixel text-[0.6rem]", labelClassName)}>{label}</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-white sm:text-6xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg text-zinc-300">{lead}</p>
        {actions ? <div className="mt-8 flex flex-wrap gap-4">{actions}</div> : null}
      </div>
    </section>
  );
}
