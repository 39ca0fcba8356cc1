import { MailCheckIcon, MailXIcon } from "lucide-react";
import * as React from "react";
import { Link, useSearchParams } from "react-router";
import {
  CenteredCard,
  CenteredCardField,
  CenteredCardIcon,
  CenteredCardText,
  CenteredCardTitle,
} from "#app/components/site/centered-card.tsx";
import { FormError } from "#app/components/site/form-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { siteMeta } from "#app/lib/site-meta.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/unsubscribe.ts";

type State =
  | { step: "idle" }
  | { step: "submitting" }
  | { step: "done"; email: string }
  | { step: "failed"; message: string };

/**
 * Leaving the mailing list. The address may arrive prefilled from a newsletter's link
 * (`?email=`). The server answers the same whether or not the address was on the list, so the
 * page never says which it was (DECISIONS.md section 4).
 */
export default function Unsubscribe() {
  const [searchParams] = useSearchParams();
  const companyName = useRootData()?.site.companyName ?? "";
  const [email, setEmail] = React.useState(() => searchParams.get("email")?.trim() ?? "");
  const [state, setState] = React.useState<State>({ step: "idle" });
  const doneHeading = React.useRef<HTMLHeadingElement>(null);
  const submitting = state.step === "submitting";

  React.useEffect(() => {
    if (state.step === "done") doneHeading.current?.focus();
  }, [state.step]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address.includes("@")) {
      setState({ step: "failed", message: "Please enter a valid email address." });
      return;
    }
    setState({ step: "submitting" });
    try {
      await unsubscribe(address);
      setState({ step: "done", email: address });
    } catch (error) {
      setState({
        step: "failed",
        message:
          error instanceof Error ? error.message : "Failed to unsubscribe. Please try again.",
      });
    }
  }

  return (
    <CenteredCard>
      {state.step === "done" ? (
        <div className="text-center">
          <CenteredCardIcon className="mx-auto">
            <MailCheckIcon />
          </CenteredCardIcon>
          <CenteredCardTitle ref={doneHeading} tabIndex={-1} className="focus:outline-none">
            You're unsubscribed
          </CenteredCardTitle>
          <CenteredCardText role="status">
            <strong className="break-all text-white">{state.email}</strong> will no longer receive
            our newsletter.
          </CenteredCardText>
          <p className="mt-2 text-sm text-zinc-400">
            Changed your mind? You can subscribe again at the bottom of our home page at any time.
          </p>
          <Button asChild variant="outline" className="mt-8">
            <Link to="/">Back to home</Link>
          </Button>
        </div>
      ) : (
        <>
          <CenteredCardIcon tone="neutral">
            <MailXIcon />
          </CenteredCardIcon>
          <CenteredCardTitle>Unsubscribe</CenteredCardTitle>
          <CenteredCardText>
            Enter your email address to stop receiving the{" "}
            {companyName ? `${companyName} newsletter` : "newsletter"}.
          </CenteredCardText>
          <form onSubmit={onSubmit} noValidate className="mt-8 space-y-4">
            <CenteredCardField
              id="unsubscribe-email"
              label="Email address"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={submitting}
              aria-invalid={state.step === "failed" ? true : undefined}
              aria-describedby={state.step === "failed" ? "unsubscribe-error" : undefined}
            />
            {state.step === "failed" ? (
              <FormError id="unsubscribe-error">{state.message}</FormError>
            ) : null}
            <Button type="submit" size="lg" disabled={submitting} className="w-full">
              {submitting ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          </form>
        </>
      )}
    </CenteredCard>
  );
}

/** POST /api/newsletter/unsubscribe; a refusal throws with the server's message. */
async function unsubscribe(email: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch("/api/newsletter/unsubscribe", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
  } catch {
    throw new Error("Could not reach the server. Check your connection and try again.");
  }
  if (response.ok) return;
  const text = await response.text().catch(() => "");
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: unknown } | null)?.message;
  } catch {
    message = undefined;
  }
  // SPEC.md section 8: without a message, "{status}: {body or status text}".
  throw new Error(
    typeof message === "string" && message
      ? message
      : `${response.status}: ${text || response.statusText}`,
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, {
    title: "Unsubscribe",
    description: (company) => `Stop receiving the ${company} newsletter.`,
    noindex: true,
  });
}
