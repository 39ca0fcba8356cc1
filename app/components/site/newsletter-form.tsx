import { MailIcon } from "lucide-react";
import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useToast } from "#app/components/ui/toast.tsx";

/**
 * The newsletter form (SPEC.md sections 4, 5 and 8): idle, submitting (inputs disabled,
 * "Subscribing..."), then success (field cleared) or failure, each announced by a toast.
 */
export function NewsletterForm() {
  const toast = useToast();
  const [email, setEmail] = React.useState("");
  const [submitting, setSubmitting] = React.useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !email.includes("@")) {
      toast({
        title: "Invalid Email",
        description: "Please enter a valid email address.",
        variant: "destructive",
      });
      return;
    }
    setSubmitting(true);
    try {
      await subscribe(email);
      setEmail("");
      toast({
        title: "Success!",
        description: "You've been successfully subscribed to our newsletter.",
      });
    } catch (error) {
      toast({
        title: "Subscription Failed",
        description:
          error instanceof Error && error.message !== "Failed to subscribe"
            ? error.message
            : "Failed to subscribe to newsletter. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-3 sm:flex-row">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <div className="relative flex-1">
        <MailIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
        />
        <Input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={submitting}
          className="h-12 pl-9"
        />
      </div>
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? "Subscribing..." : "Subscribe"}
      </Button>
    </form>
  );
}

async function subscribe(email: string): Promise<void> {
  const response = await fetch("/api/newsletter/subscribe", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === "string" ? body.message : "Failed to subscribe");
  }
}
