import { KeyRoundIcon, LinkIcon } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import {
  CenteredCard,
  CenteredCardIcon,
  CenteredCardLink,
  CenteredCardOutcome,
  CenteredCardText,
  CenteredCardTitle,
} from "#app/components/site/centered-card.tsx";
import { FormError } from "#app/components/site/form-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { siteMeta } from "#app/lib/site-meta.ts";
import { NewPasswordFields } from "#app/routes/new-password-fields.tsx";
import { PASSWORD_RULE, PasswordSchema } from "#common/schemas/auth.ts";
import { assertSameSiteForm } from "#server/auth/origin.server.ts";
import { RESET_LINK_MESSAGES } from "#server/auth/password-reset.server.ts";
import { readResetLink, resetPassword } from "#server/auth/password-reset-calls.server.ts";
import { serverContext } from "#server/context.server.ts";
import type { Route } from "./+types/reset-password.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { auth } = context.get(serverContext);
  const status = await readResetLink(auth, params.token);
  if (status === "valid") return { status, message: null };
  return data(
    { status, message: RESET_LINK_MESSAGES[status] },
    { status: status === "expired" ? 410 : 404 },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const deps = context.get(serverContext);
  assertSameSiteForm(request, deps.config.siteUrl);
  const form = await request.formData();
  const password = form.get("password");
  const parsed = PasswordSchema.safeParse(password);
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? PASSWORD_RULE }, { status: 400 });
  }
  if (password !== form.get("confirmPassword")) {
    return data({ error: "The two passwords do not match." }, { status: 400 });
  }
  const result = await resetPassword(deps.auth, {
    token: params.token,
    newPassword: parsed.data,
    headers: request.headers,
  });
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  throw redirect("/login?reset=1");
}

/** A mailed reset link: the staff member chooses a new password, then signs in with it. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.error;
  if (loaderData.status !== "valid") {
    return (
      <CenteredCard>
        <CenteredCardOutcome
          icon={<LinkIcon />}
          tone="redstone"
          title={loaderData.status === "expired" ? "Reset link expired" : "Reset link not valid"}
          text={loaderData.message}
        >
          <CenteredCardLink to="/forgot-password" primary>
            Ask for a new link
          </CenteredCardLink>
        </CenteredCardOutcome>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard>
      <CenteredCardIcon>
        <KeyRoundIcon />
      </CenteredCardIcon>
      <CenteredCardTitle>Choose a new password</CenteredCardTitle>
      <CenteredCardText>
        After this, sign in with the new password. Every other session of your account is signed
        out.
      </CenteredCardText>
      <Form method="post" className="mt-8 space-y-4">
        <NewPasswordFields
          idPrefix="reset"
          label="New password"
          confirmLabel="Confirm new password"
        />
        {error ? <FormError>{error}</FormError> : null}
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Saving..." : "Save new password"}
        </Button>
      </Form>
    </CenteredCard>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, { title: "Choose a new password", noindex: true });
}
