import { MailIcon } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { IconField } from "./icon-field.tsx";

/**
 * The newsletter form (docs/product/mail.md#newsletter-form), as markup only: the home page is not
 * hydrated, and the site script (app/site-script/newsletter-form.client.ts) checks the address,
 * sends it and reports each state, finding the form, its field and its button by their
 * `data-newsletter-*` marks. Sent before the script has run (or without it), the form only
 * reloads the page: subscribing is a JSON call, which a plain form cannot make.
 */
export function NewsletterForm() {
  return (
    <form data-newsletter-form="" noValidate className="flex w-full flex-col gap-3 sm:flex-row">
      <IconField
        id="newsletter-email"
        label="Email address"
        icon={MailIcon}
        wrapperClassName="flex-1"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="Enter your email"
        data-newsletter-email=""
        className="h-12"
      />
      <Button type="submit" size="lg" data-newsletter-submit="">
        Subscribe
      </Button>
    </form>
  );
}
