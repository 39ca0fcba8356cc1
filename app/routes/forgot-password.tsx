import { MailIcon } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import {
  CenteredCard,
  CenteredCardIcon,
  CenteredCardLink,
  CenteredCardText,
  CenteredCardTitle,
  SignInEmailField,
} from "#app/components/site/centered-card.tsx";
import { FormError } from "#app/components/site/form-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { siteMeta } from "#app/lib/site-meta.ts";
import { ForgotPasswordInputSchema } from "#common/schemas/auth.ts";
import { assertSameSiteForm } from "#server/auth/origin.server.ts";
import { requestPasswordReset } from "#server/auth/password-reset-calls.server.ts";
import { serverContext } from "#server/context.server.ts";
import type { Route } from "./+types/forgot-password.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const deps = context.get(serverContext);
  assertSameSiteForm(request, deps.config.siteUrl);
  const form = await request.formData();
  const email = typeof form.get("email") === "string" ? String(form.get("email")) : "";
  const parsed = ForgotPasswordInputSchema.safeParse({ email });
  if (!parsed.success) {
    return data(
      { sent: false, error: parsed.error.issues[0]?.message ?? "Enter your email address.", email },
      { status: 400 },
    );
  }
  const result = await requestPasswordReset(deps.auth, {
    email: parsed.data.email,
    headers: request.headers,
  });
  if (!result.ok) {
    const headers: HeadersInit = result.retryAfter ? { "Retry-After": result.retryAfter } : {};
    return data({ sent: false, error: result.message, email }, { status: 429, headers });
  }
  return { sent: true, error: null, email: parsed.data.email };
}

/**
 * "Forgot password?": the staff member types their address and is told to look for a link. The
 * answer is the same whether or not the address has an account.
 */
export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.error ?? null;
  if (actionData?.sent) {
    return (
      <CenteredCard>
        <CenteredCardIcon>
          <MailIcon />
        </CenteredCardIcon>
        <CenteredCardTitle>Check your e-mail</CenteredCardTitle>
        <CenteredCardText role="status">
          If <strong className="break-all text-white">{actionData.email}</strong> belongs to a staff
          account, we have sent it a link to choose a new password. The link works once, for one
          hour.
        </CenteredCardText>
        <CenteredCardLink to="/login">Back to sign in</CenteredCardLink>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard>
      <CenteredCardIcon>
        <MailIcon />
      </CenteredCardIcon>
      <CenteredCardTitle>Forgot your password?</CenteredCardTitle>
      <CenteredCardText>
        Type the e-mail address you sign in with. We will send you a link to choose a new password.
      </CenteredCardText>
      <Form method="post" className="mt-8 space-y-4">
        <SignInEmailField
          id="forgot-email"
          defaultValue={actionData?.email ?? ""}
          errorId={error ? "forgot-error" : null}
        />
        {error ? <FormError id="forgot-error">{error}</FormError> : null}
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Sending..." : "Send me a link"}
        </Button>
      </Form>
      <p className="mt-6 text-sm text-zinc-400">
        <Link to="/login" className="underline underline-offset-4 hover:text-white">
          Back to sign in
        </Link>
      </p>
    </CenteredCard>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, { title: "Forgot password", noindex: true });
}
