import { MailCheckIcon, MailXIcon } from "lucide-react";
import * as React from "react";
import { useSearchParams } from "react-router";
import {
  CenteredCard,
  CenteredCardField,
  CenteredCardIcon,
  CenteredCardLink,
  CenteredCardText,
  CenteredCardTitle,
} from "#app/components/site/centered-card.tsx";
import { FormError } from "#app/components/site/form-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ApiError, apiRequest, errorMessage } from "#app/lib/api-client.ts";
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
 * page never says which it was (docs/product/departures.md#unsubscribe-never-reveals).
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
    // Only the plainest mistakes are caught here: the server judges the address, and says why.
    if (!address.includes("@")) {
      setState({ step: "failed", message: "Please enter a valid email address." });
      return;
    }
    setState({ step: "submitting" });
    try {
      await apiRequest("/api/newsletter/unsubscribe", {
        method: "POST",
        body: { email: address },
      });
      setState({ step: "done", email: address });
    } catch (error) {
      setState({ step: "failed", message: failureMessage(error) });
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
          <CenteredCardLink to="/">Back to home</CenteredCardLink>
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
              errorId={state.step === "failed" ? "unsubscribe-error" : null}
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

/**
 * What a failed request tells the visitor: the server's message, else "{status}: {body or status
 * text}"; when the server could not be reached, to check the connection.
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error, error.message);
  return "Could not reach the server. Check your connection and try again.";
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, {
    title: "Unsubscribe",
    description: (company) => `Stop receiving the ${company} newsletter.`,
    noindex: true,
  });
}
