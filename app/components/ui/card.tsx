import { cva } from "class-variance-authority";
import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

/**
 * The card's surface, for elements Card does not render (an article, a paragraph, an image):
 * `layout: "plain"` leaves out Card's column layout and clipping.
 */
export const cardVariants = cva("rounded-xl bg-night-900 ring-1 ring-night-700", {
  variants: { layout: { column: "flex flex-col overflow-hidden", plain: "" } },
  defaultVariants: { layout: "column" },
});

export function Card({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card" className={cn(cardVariants(), className)} {...props} />;
}

export function CardBody({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="card-body"
      className={cn("flex flex-1 flex-col gap-3 p-5", className)}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: React.ComponentProps<"h3">) {
  return (
    <h3
      data-slot="card-title"
      className={cn("text-lg leading-snug font-bold text-white", className)}
      {...props}
    />
  );
}

export function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="card-footer"
      className={cn("flex items-center gap-3 border-t border-night-700 px-5 py-4", className)}
      {...props}
    />
  );
}
