import { LinkIcon, MailCheckIcon, MailQuestionMarkIcon } from "lucide-react";
import { data } from "react-router";
import {
  CenteredCard,
  CenteredCardLink,
  CenteredCardOutcome,
} from "#app/components/site/centered-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { siteMeta } from "#app/lib/site-meta.ts";
import { useRootData } from "#app/root.tsx";
import { serverContext } from "#server/context.server.ts";
import { readConfirmationState } from "#server/services/subscriber-consent.server.ts";
import type { Route } from "./+types/confirm-subscription.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
  const state = await readConfirmationState(db, {
    secret: config.sessionSecret,
    token: params.token,
  });
  const justConfirmed = new URL(request.url).searchParams.has("confirmed");
  const status = state.status === "invalid" ? 400 : state.status === "expired" ? 410 : 200;
  return data({ state, justConfirmed }, { status });
}

/**
 * The link of the confirmation mail (docs/product/mail.md#newsletter-consent). Opening it only
 * shows the address and a button: mail scanners open links too, and must not confirm anybody. The
 * button is a plain form, answered by the server (server/api/newsletter/subscriber-links.router.ts), so it
 * works without JavaScript.
 */
export default function ConfirmSubscription({ loaderData }: Route.ComponentProps) {
  const { state, justConfirmed } = loaderData;
  const companyName = useRootData()?.site.companyName ?? "our";
  return (
    <CenteredCard>
      {state.status === "pending" ? (
        <CenteredCardOutcome
          icon={<MailQuestionMarkIcon />}
          title="Confirm your subscription"
          text={
            <>
              Press the button to get the {companyName} newsletter at{" "}
              <strong className="break-all text-white">{state.email}</strong>.
            </>
          }
        >
          <form method="post" className="mt-8">
            <Button type="submit" size="lg">
              Confirm my subscription
            </Button>
          </form>
        </CenteredCardOutcome>
      ) : state.status === "active" ? (
        <CenteredCardOutcome
          icon={<MailCheckIcon />}
          title={justConfirmed ? "You're subscribed!" : "Already confirmed"}
          text={
            <>
              <strong className="break-all text-white">{state.email}</strong>{" "}
              {justConfirmed
                ? "is confirmed and will get our newsletter. Every newsletter has a link to unsubscribe."
                : "is already confirmed for our newsletter. There is nothing more to do."}
            </>
          }
          announced
        >
          <CenteredCardLink to="/">Back to home</CenteredCardLink>
        </CenteredCardOutcome>
      ) : (
        <CenteredCardOutcome
          icon={<LinkIcon />}
          tone="redstone"
          title={state.status === "expired" ? "This link has expired" : "This link is not valid"}
          text={
            state.status === "expired"
              ? "Confirmation links work for 7 days. To get a new one, subscribe again with the form at the bottom of our home page."
              : "Check that you opened the whole link from the mail. An address that was not confirmed within 30 days, or that was unsubscribed, needs to subscribe again on our home page."
          }
        >
          <CenteredCardLink to="/">Go to the home page</CenteredCardLink>
        </CenteredCardOutcome>
      )}
    </CenteredCard>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, { title: "Confirm your subscription", noindex: true });
}
