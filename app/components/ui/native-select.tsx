import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

/** A styled native <select>: keyboard, screen readers and small screens work as the platform does. */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<"select">) {
  return (
    <div data-slot="native-select" className={cn("relative", className)}>
      <select
        className="h-10 w-full appearance-none rounded-md bg-night-900 pr-9 pl-3 text-sm text-zinc-100 ring-1 ring-night-600 focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none disabled:opacity-60 aria-invalid:ring-redstone-400"
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-400"
      />
    </div>
  );
}
