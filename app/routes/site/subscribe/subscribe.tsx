import { MailCheckIcon, MailIcon } from "lucide-react";
import { data } from "react-router";
import {
  CenteredCard,
  CenteredCardIcon,
  CenteredCardLink,
  CenteredCardOutcome,
  CenteredCardText,
  CenteredCardTitle,
} from "#app/components/site/centered-card.tsx";
import { FormError } from "#app/components/site/form-error.tsx";
import { NewsletterForm } from "#app/components/site/newsletter-form.tsx";
import { loadAsDocument, staticPage } from "#app/lib/page-hydration.ts";
import { siteMeta } from "#app/lib/site-meta.ts";
import { NewsletterInputSchema, SUBSCRIBE_ANSWERS } from "#common/schemas/subscriber.ts";
import { CLIENT_ADDRESS_HEADER } from "#server/auth/auth.server.ts";
import { assertSameSiteForm } from "#server/auth/origin.server.ts";
import { serverContext } from "#server/context.server.ts";
import {
  countNewsletterRequest,
  NEWSLETTER_LIMIT_MESSAGE,
  subscribeToNewsletter,
} from "#server/services/newsletter-signup.server.ts";
import type { Route } from "./+types/subscribe.ts";

/**
 * Server-rendered HTML with the site script, not hydrated
 * (docs/decisions/031-static-public-pages.md), like the home page whose form posts here.
 */
export const handle = staticPage;
export const clientMiddleware = [loadAsDocument];

/** Every answer is this visitor's own: never kept by a browser or a shared cache. */
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The newsletter form sent without JavaScript: the same rules, answers and limits as
 * `POST /api/newsletter/subscribe` (one service, one per-client counter), answered with a page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, confirmations } = context.get(serverContext);
  assertSameSiteForm(request, config.siteUrl);
  const form = await request.formData();
  const sent = form.get("email");
  const email = typeof sent === "string" ? sent : "";
  const client = request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
  const limited = await countNewsletterRequest(db, client);
  if (limited) {
    const headers = { ...NO_STORE, "Retry-After": String(limited.retryAfterSeconds) };
    return data(
      { done: false, pending: false, message: NEWSLETTER_LIMIT_MESSAGE, email },
      { status: 429, headers },
    );
  }
  const parsed = NewsletterInputSchema.safeParse({
    email: typeof sent === "string" ? sent : undefined,
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please enter a valid email address.";
    return data(
      { done: false, pending: false, message, email },
      { status: 400, headers: NO_STORE },
    );
  }
  const { doubleOptIn } = config.mail;
  const message = await subscribeToNewsletter(
    { db, confirmations, doubleOptIn },
    parsed.data.email,
  );
  // Worked out here, so the page's own script never loads the form's schema module: the site
  // script loads it on its own, when the field is first used.
  const pending = message === SUBSCRIBE_ANSWERS.confirm;
  return data({ done: true, pending, message, email: "" }, { headers: NO_STORE });
}

/**
 * The newsletter form on a page of its own: where the home page's form lands when it is sent
 * before the site script has run, or without JavaScript (docs/product/mail.md#newsletter-form).
 * It ends on "Check your inbox" with the answer the API gives, or shows the refusal above the
 * form, with the address typed back in it (never in the address bar).
 */
export default function Subscribe({ actionData }: Route.ComponentProps) {
  if (actionData?.done) {
    const confirm = actionData.pending;
    return (
      <CenteredCard>
        <CenteredCardOutcome
          icon={<MailCheckIcon />}
          title={confirm ? "Check your inbox" : "You're subscribed!"}
          text={actionData.message}
          announced
        >
          <CenteredCardLink to="/">Back to home</CenteredCardLink>
        </CenteredCardOutcome>
      </CenteredCard>
    );
  }
  const error = actionData?.message ?? null;
  return (
    <CenteredCard>
      <CenteredCardIcon>
        <MailIcon />
      </CenteredCardIcon>
      <CenteredCardTitle>Subscribe to our newsletter</CenteredCardTitle>
      <CenteredCardText>
        New releases and behind-the-scenes news, straight to your inbox.
      </CenteredCardText>
      <div className="mt-8 space-y-4">
        {error ? <FormError id="subscribe-error">{error}</FormError> : null}
        <NewsletterForm email={actionData?.email} errorId={error ? "subscribe-error" : null} />
      </div>
      <CenteredCardLink to="/">Back to home</CenteredCardLink>
    </CenteredCard>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, {
    title: "Subscribe",
    description: (company) => `Get the ${company} newsletter.`,
    noindex: true,
  });
}
