import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      className={cn(
        "h-10 w-full rounded-md bg-night-900 px-3 text-sm text-zinc-100 ring-1 ring-night-600 placeholder:text-zinc-500 focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
