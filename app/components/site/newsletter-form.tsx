import { MailIcon } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { SUBSCRIBE_PATH } from "#common/paths.ts";
import { IconField } from "./icon-field.tsx";

/**
 * The newsletter form (docs/product/mail.md#newsletter-form), as markup only: the pages it is on
 * are not hydrated, and the site script (app/site-script/newsletter-form.client.ts) checks the
 * address, sends it and reports each state, finding the form, its field and its button by their
 * `data-newsletter-*` marks. Sent before the script has run (or without it), the form posts to
 * /subscribe, which subscribes by the same rules and answers with a page; the address travels
 * in the body, never in the address bar. `email` and `errorId` show it again with its error.
 */
export function NewsletterForm({
  email,
  errorId = null,
}: {
  email?: string;
  errorId?: string | null;
}) {
  return (
    <form
      method="post"
      action={SUBSCRIBE_PATH}
      data-newsletter-form=""
      noValidate
      className="flex w-full flex-col gap-3 sm:flex-row"
    >
      <IconField
        id="newsletter-email"
        label="Email address"
        icon={MailIcon}
        wrapperClassName="flex-1"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="Enter your email"
        defaultValue={email}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ?? undefined}
        data-newsletter-email=""
        className="h-12"
      />
      <Button type="submit" size="lg" data-newsletter-submit="">
        Subscribe
      </Button>
    </form>
  );
}
