import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control
    <label
      data-slot="label"
      className={cn("mb-1.5 block text-sm font-semibold text-zinc-100", className)}
      {...props}
    />
  );
}
