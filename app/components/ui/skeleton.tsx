import type * as React from "react";
import { cn } from "#app/lib/cn.ts";
import { Card } from "./card.tsx";

export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-night-800", className)}
      {...props}
    />
  );
}

/** A card-shaped placeholder: image, title and two lines. */
export function SkeletonCard() {
  return (
    <Card data-slot="skeleton-card" layout="plain" className="overflow-hidden">
      <Skeleton className="aspect-[1200/630] rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </Card>
  );
}
