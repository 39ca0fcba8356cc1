import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/cn.ts";

/** A page that is one card in the middle of the screen: sign-in, an invitation, unsubscribing. */
export function CenteredCard({ children }: { children: React.ReactNode }) {
  return (
    <section className="pixel-grid flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 py-16 sm:py-24">
      <Card className="w-full max-w-md p-6 shadow-2xl sm:p-8">{children}</Card>
    </section>
  );
}

const iconVariants = cva("grid size-14 place-items-center rounded-lg [&_svg]:size-7", {
  variants: {
    tone: {
      grass: "bg-grass-500/15 text-grass-300",
      redstone: "bg-redstone-500/15 text-redstone-400",
      neutral: "bg-night-800 text-zinc-300",
    },
  },
  defaultVariants: { tone: "grass" },
});

/** The card's icon tile, decorative: the heading says what it shows. */
export function CenteredCardIcon({
  tone,
  className,
  children,
}: VariantProps<typeof iconVariants> & { className?: string; children: React.ReactNode }) {
  return (
    <span aria-hidden="true" className={cn(iconVariants({ tone }), className)}>
      {children}
    </span>
  );
}

/** The card's heading, the page's h1. */
export function CenteredCardTitle({ className, ...props }: React.ComponentProps<"h1">) {
  return <h1 className={cn("mt-5 text-3xl font-bold text-white", className)} {...props} />;
}

/** The paragraph under the heading. */
export function CenteredCardText({ className, ...props }: React.ComponentProps<"p">) {
  return <p className={cn("mt-3 text-zinc-300", className)} {...props} />;
}

/**
 * A labelled field of the card's form, with a large input; `children` follow the input. With
 * `errorId`, the field is marked invalid and described by the form's error of that id.
 */
export function CenteredCardField({
  id,
  label,
  errorId,
  className,
  children,
  ...props
}: React.ComponentProps<typeof Input> & { id: string; label: string; errorId?: string | null }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        className={cn("h-12", className)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ?? undefined}
        {...props}
      />
      {children}
    </div>
  );
}

/** The address staff sign in with, as the sign-in and forgot-password forms ask for it. */
export function SignInEmailField({
  id,
  defaultValue,
  errorId,
}: {
  id: string;
  defaultValue: string;
  errorId: string | null;
}) {
  return (
    <CenteredCardField
      id={id}
      label="Email"
      type="email"
      name="email"
      autoComplete="username"
      required
      defaultValue={defaultValue}
      errorId={errorId}
    />
  );
}

/**
 * One outcome, centred in the card: its icon tile, the heading, what it means (`text`, with
 * `role="status"` when it reports what just happened) and what to do next (`children`).
 */
export function CenteredCardOutcome({
  icon,
  tone,
  title,
  text,
  announced = false,
  children,
}: VariantProps<typeof iconVariants> & {
  icon: React.ReactNode;
  title: React.ReactNode;
  text: React.ReactNode;
  announced?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="text-center">
      <CenteredCardIcon tone={tone} className="mx-auto">
        {icon}
      </CenteredCardIcon>
      <CenteredCardTitle>{title}</CenteredCardTitle>
      <CenteredCardText role={announced ? "status" : undefined}>{text}</CenteredCardText>
      {children}
    </div>
  );
}

/** The card's way on: a page of this site, as a button under the text (outlined unless `primary`). */
export function CenteredCardLink({
  to,
  primary = false,
  children,
}: {
  to: string;
  primary?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button asChild variant={primary ? "primary" : "outline"} className="mt-8">
      <Link to={to}>{children}</Link>
    </Button>
  );
}
