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
import { DEFAULT_RETURN_TO } from "#common/return-to.ts";
import { INVITATION_MESSAGES, PASSWORD_RULE, PasswordSchema } from "#common/schemas/auth.ts";
import { assertSameSiteForm } from "#server/auth/origin.server.ts";
import { signInWithPassword } from "#server/auth/sign-in.server.ts";
import { serverContext } from "#server/context.server.ts";
import { acceptInvitation, getInvitationState } from "#server/services/invitations.server.ts";
import type { Route } from "./+types/invite.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
  const state = await getInvitationState(db, params.token, config.sessionSecret);
  if (state.status === "valid") return { state };
  return data({ state }, { status: state.status === "invalid" ? 404 : 410 });
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
  const passwordHash = await (await deps.auth.$context).password.hash(parsed.data);
  let email: string;
  try {
    ({ email } = await acceptInvitation(deps.db, {
      token: params.token,
      passwordHash,
      secret: deps.config.sessionSecret,
    }));
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 404 || status === 409) {
      return data({ error: (error as Error).message }, { status });
    }
    throw error;
  }
  const result = await signInWithPassword(deps.auth, {
    email,
    password: parsed.data,
    headers: request.headers,
  });
  if (!result.ok) throw redirect("/login");
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  throw redirect(DEFAULT_RETURN_TO, { headers });
}

/**
 * An invitation link: the new employee chooses a password (the rule is shown up front) and is
 * signed in. A used, expired or mistyped link says so and what to do next.
 */
export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { state } = loaderData;
  const error = actionData?.error;
  return (
    <CenteredCard>
      {state.status === "valid" ? (
        <>
          <CenteredCardIcon>
            <KeyRoundIcon />
          </CenteredCardIcon>
          <CenteredCardTitle>{`Welcome, ${state.firstName}!`}</CenteredCardTitle>
          <CenteredCardText>
            Choose a password for <strong className="break-all text-white">{state.email}</strong>.
            You will use it to sign in to the dashboard.
          </CenteredCardText>
          <Form method="post" className="mt-8 space-y-4">
            <input type="hidden" name="username" value={state.email} autoComplete="username" />
            <NewPasswordFields idPrefix="invite" label="Password" confirmLabel="Confirm password" />
            {error ? <FormError>{error}</FormError> : null}
            <Button type="submit" size="lg" className="w-full" disabled={submitting}>
              {submitting ? "Setting password..." : "Set password and sign in"}
            </Button>
          </Form>
        </>
      ) : (
        <CenteredCardOutcome
          icon={<LinkIcon />}
          tone="redstone"
          title={
            state.status === "expired"
              ? "Invitation expired"
              : state.status === "used"
                ? "Invitation already used"
                : "Invitation not valid"
          }
          text={INVITATION_MESSAGES[state.status]}
        >
          <CenteredCardLink to="/login">Go to sign in</CenteredCardLink>
        </CenteredCardOutcome>
      )}
    </CenteredCard>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, { title: "Your invitation", noindex: true });
}
