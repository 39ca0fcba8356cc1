import { MailIcon } from "lucide-react";
import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { apiRequest, errorMessage } from "#app/lib/api-client.ts";
import { IconField } from "./icon-field.tsx";
import { loadNewsletterSchema } from "./newsletter-schema.client.ts";

/**
 * The newsletter form (docs/product.md#newsletter-form): idle, submitting (inputs disabled,
 * "Subscribing..."), then success (field cleared) or failure, each announced by a toast.
 */
export function NewsletterForm() {
  const toast = useToast();
  const [email, setEmail] = React.useState("");
  const [submitting, setSubmitting] = React.useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const parsed = (await loadNewsletterSchema()).safeParse({ email });
      if (!parsed.success) {
        toast({
          title: "Invalid Email",
          description: "Please enter a valid email address.",
          variant: "destructive",
        });
        return;
      }
      setSubmitting(true);
      const answer = await apiRequest<{ message?: string } | undefined>(
        "/api/newsletter/subscribe",
        { method: "POST", body: parsed.data },
      );
      setEmail("");
      // The server words the outcome: with double opt-in, that a confirmation link was mailed.
      toast({
        title: "Success!",
        description: answer?.message ?? "You've been successfully subscribed to our newsletter.",
      });
    } catch (error) {
      toast({
        title: "Subscription Failed",
        description: errorMessage(error, "Failed to subscribe to newsletter. Please try again."),
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-3 sm:flex-row">
      <IconField
        id="newsletter-email"
        label="Email address"
        icon={MailIcon}
        wrapperClassName="flex-1"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="Enter your email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        // Someone about to type an address will send it: fetch the schema now.
        onFocus={() => void loadNewsletterSchema().catch(() => undefined)}
        disabled={submitting}
        className="h-12"
      />
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? "Subscribing..." : "Subscribe"}
      </Button>
    </form>
  );
}
