import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

/**
 * What a dashboard list shows when it has nothing in it: a dashed box with the message, and
 * optionally an icon above it, a line of explanation and an action (such as "Add First App").
 */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon?: LucideIcon;
  title: string;
  description?: string;
  action?: React.ReactNode;
}) {
  return (
    <div
      data-slot="empty-state"
      className="rounded-xl border border-dashed border-night-600 px-6 py-14 text-center"
    >
      {Icon ? <Icon aria-hidden="true" className="mx-auto size-10 text-zinc-500" /> : null}
      <p className={cn(Icon ? "mt-4 text-lg font-semibold text-white" : "text-zinc-400")}>
        {title}
      </p>
      {description ? <p className="mt-1 text-sm text-zinc-400">{description}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
