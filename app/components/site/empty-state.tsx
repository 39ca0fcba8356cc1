import type * as React from "react";
import { Card } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";

type EmptyStateText =
  /** A heading and what it means (a list of its own, like a category with nothing in it). */
  | { title: string; text: string; message?: never }
  /** One line, for a list that is not a section of its own. */
  | { message: string; title?: never; text?: never };

/** What a list shows when it has nothing to show: an icon, the words, and a way on. */
export function EmptyState({
  icon,
  className,
  children,
  ...words
}: EmptyStateText & {
  icon: React.ReactNode;
  className?: string;
  /** The way on, such as clearing the search. */
  children?: React.ReactNode;
}) {
  return (
    <Card
      data-slot="empty-state"
      className={cn("pixel-grid items-center gap-3 px-6 py-16 text-center", className)}
    >
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-lg bg-night-800 text-zinc-400 [&_svg]:size-7"
      >
        {icon}
      </span>
      {words.message === undefined ? (
        <>
          <h3 className="text-xl font-bold text-white">{words.title}</h3>
          <p className="max-w-md text-zinc-400">{words.text}</p>
        </>
      ) : (
        <p className="text-lg font-semibold text-white">{words.message}</p>
      )}
      {children ? <div className="mt-3">{children}</div> : null}
    </Card>
  );
}
