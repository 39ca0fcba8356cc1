import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
  {
    variants: {
      variant: {
        neutral: "bg-night-800 text-zinc-200 ring-night-600",
        green: "bg-grass-500/15 text-grass-300 ring-grass-500/40",
        yellow: "bg-gold-400/15 text-gold-300 ring-gold-400/40",
        blue: "bg-diamond-400/15 text-diamond-300 ring-diamond-400/40",
        red: "bg-redstone-500/15 text-redstone-400 ring-redstone-500/40",
        pixel:
          "bg-night-800 font-pixel text-[0.6rem] leading-4 tracking-tight text-grass-300 ring-grass-500/40",
      },
    },
    defaultVariants: { variant: "neutral" },
  },
);

export type BadgeProps = React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return (
    <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
  );
}

/**
 * Content status colours (docs/product/content-model.md#statuses-and-visibility): green published,
 * yellow draft, blue otherwise.
 */
export function statusBadgeVariant(status: string): "green" | "yellow" | "blue" {
  if (status === "published") return "green";
  if (status === "draft") return "yellow";
  return "blue";
}
