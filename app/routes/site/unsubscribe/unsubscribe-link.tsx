import { LinkIcon, MailCheckIcon, MailXIcon } from "lucide-react";
import { data } from "react-router";
import {
  CenteredCard,
  CenteredCardLink,
  CenteredCardOutcome,
} from "#app/components/site/centered-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { siteMeta } from "#app/lib/site-meta.ts";
import { useRootData } from "#app/root.tsx";
import { UNSUBSCRIBE_PATH } from "#common/paths.ts";
import { SUBSCRIBER_LINK_FIELDS } from "#common/subscriber-link-fields.ts";
import { serverContext } from "#server/context.server.ts";
import { readUnsubscribeState } from "#server/services/subscriber-consent.server.ts";
import type { Route } from "./+types/unsubscribe-link.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
  const state = await readUnsubscribeState(db, {
    secret: config.sessionSecret,
    token: params.token,
  });
  // Set by the button's answer when that press ended the subscription. Without it, a link whose
  // row is gone only says its subscription has ended: the address may have subscribed again
  // since, under a new row this link does not name.
  const justUnsubscribed = new URL(request.url).searchParams.has("unsubscribed");
  return data({ state, justUnsubscribed }, { status: state.status === "invalid" ? 400 : 200 });
}

/**
 * A newsletter's unsubscribe link opened in a browser (docs/product/mail.md#newsletter-consent).
 * Opening it changes nothing; the one button posts what a mail program's one-click
 * unsubscribe posts (server/api/newsletter/subscriber-links.router.ts), as a plain form, so it works
 * without JavaScript, and the page then says the address has left. A link whose subscription
 * ended earlier says only that, never that the address is off the list.
 */
export default function UnsubscribeLink({ loaderData }: Route.ComponentProps) {
  const { state, justUnsubscribed } = loaderData;
  const companyName = useRootData()?.site.companyName ?? "our";
  const { oneClick, fromPage } = SUBSCRIBER_LINK_FIELDS;
  return (
    <CenteredCard>
      {state.status === "subscribed" ? (
        <CenteredCardOutcome
          icon={<MailXIcon />}
          title="Unsubscribe from our newsletter?"
          text={
            <>
              <strong className="break-all text-white">{state.email}</strong> will no longer get the{" "}
              {companyName} newsletter.
            </>
          }
        >
          <form method="post" className="mt-8">
            <input type="hidden" name={oneClick.name} value={oneClick.value} />
            <input type="hidden" name={fromPage} value="1" />
            <Button type="submit" size="lg">
              Unsubscribe
            </Button>
          </form>
        </CenteredCardOutcome>
      ) : state.status === "gone" && justUnsubscribed ? (
        <CenteredCardOutcome
          icon={<MailCheckIcon />}
          title="You're unsubscribed"
          text="This address is off our mailing list and will get no more newsletters. Changed your mind? You can subscribe again at the bottom of our home page at any time."
          announced
        >
          <CenteredCardLink to="/">Back to home</CenteredCardLink>
        </CenteredCardOutcome>
      ) : state.status === "gone" ? (
        <CenteredCardOutcome
          icon={<MailCheckIcon />}
          title="This subscription has already ended"
          text="This link belongs to a subscription that has already ended, so it has nothing left to unsubscribe. If our newsletter still reaches you, use the unsubscribe link in the latest one, or unsubscribe by typing your address."
        >
          <CenteredCardLink to={UNSUBSCRIBE_PATH}>Unsubscribe by address</CenteredCardLink>
        </CenteredCardOutcome>
      ) : (
        <CenteredCardOutcome
          icon={<LinkIcon />}
          tone="redstone"
          title="This unsubscribe link is not valid"
          text="Check that you opened the whole link from the newsletter, or unsubscribe by typing your address instead."
        >
          <CenteredCardLink to={UNSUBSCRIBE_PATH}>Unsubscribe by address</CenteredCardLink>
        </CenteredCardOutcome>
      )}
    </CenteredCard>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, { title: "Unsubscribe", noindex: true });
}
