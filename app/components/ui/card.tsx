import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

/**
 * The card's surface, also for elements Card does not render (a paragraph, an image):
 * `layout: "plain"` leaves out Card's column layout and clipping.
 */
export const cardVariants = cva("rounded-xl bg-night-900 ring-1 ring-night-700", {
  variants: {
    layout: {
      /** Its parts stacked, clipped to the rounded corners (an image on top, a body below). */
      column: "flex flex-col overflow-hidden",
      /** No layout of its own: the classes given arrange what is inside. */
      plain: "",
    },
  },
  defaultVariants: { layout: "column" },
});

export type CardProps = React.ComponentProps<"div"> &
  VariantProps<typeof cardVariants> & {
    /** The element drawn as the card: an article or a section where the card is one. */
    as?: "div" | "article" | "section";
  };

export function Card({ as: Component = "div", className, layout, ...props }: CardProps) {
  return (
    <Component data-slot="card" className={cn(cardVariants({ layout }), className)} {...props} />
  );
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
