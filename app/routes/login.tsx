import { LogInIcon } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import {
  CenteredCard,
  CenteredCardField,
  CenteredCardIcon,
  CenteredCardText,
  CenteredCardTitle,
  SignInEmailField,
} from "#app/components/site/centered-card.tsx";
import { FormError } from "#app/components/site/form-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { siteMeta } from "#app/lib/site-meta.ts";
import { hasStaffAccess } from "#common/access.ts";
import { safeReturnTo } from "#common/return-to.ts";
import { INVALID_CREDENTIALS_MESSAGE, SignInInputSchema } from "#common/schemas/auth.ts";
import { describeProviderRefusal } from "#server/auth/auth.server.ts";
import { assertSameSiteForm } from "#server/auth/origin.server.ts";
import { getViewer } from "#server/auth/page-access.server.ts";
import { signInWithPassword } from "#server/auth/sign-in.server.ts";
import { serverContext } from "#server/context.server.ts";
import type { Route } from "./+types/login.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(serverContext);
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  const viewer = await getViewer(context, request);
  // Staff who are signed in already go straight on; anyone else may sign in (again).
  if (viewer && hasStaffAccess(viewer)) throw redirect(returnTo);
  const providerError = url.searchParams.get("error");
  return {
    returnTo,
    hasProvider: config.oidc !== undefined,
    providerError: providerError ? describeProviderRefusal(providerError) : null,
    passwordReset: url.searchParams.get("reset") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = context.get(serverContext);
  assertSameSiteForm(request, deps.config.siteUrl);
  const form = await request.formData();
  const returnTo = safeReturnTo(form.get("returnTo"));
  const email = typeof form.get("email") === "string" ? String(form.get("email")) : "";
  const parsed = SignInInputSchema.safeParse({ email, password: form.get("password") });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? INVALID_CREDENTIALS_MESSAGE;
    return data({ error: message, email }, { status: 400 });
  }
  const result = await signInWithPassword(deps.auth, {
    ...parsed.data,
    headers: request.headers,
  });
  if (!result.ok) {
    const status = result.status === 429 ? 429 : 401;
    const headers: HeadersInit = result.retryAfter ? { "Retry-After": result.retryAfter } : {};
    return data({ error: result.message, email }, { status, headers });
  }
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  throw redirect(returnTo, { headers });
}

/** Staff sign-in with e-mail and password; lands on /dashboard or the safe returnTo. */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.error ?? loaderData.providerError;
  return (
    <CenteredCard>
      <CenteredCardIcon>
        <LogInIcon />
      </CenteredCardIcon>
      <CenteredCardTitle>Staff sign in</CenteredCardTitle>
      <CenteredCardText>Sign in to manage posts, portfolio and the mailing list.</CenteredCardText>
      {loaderData.passwordReset && !error ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-grass-500/10 p-3 text-sm text-grass-300 ring-1 ring-grass-500/40"
        >
          Your password was changed. Sign in with your new password.
        </p>
      ) : null}
      <Form method="post" className="mt-8 space-y-4">
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <SignInEmailField
          id="login-email"
          defaultValue={actionData?.email ?? ""}
          errorId={error ? "login-error" : null}
        />
        <CenteredCardField
          id="login-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          errorId={error ? "login-error" : null}
        />
        {error ? <FormError id="login-error">{error}</FormError> : null}
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
      {loaderData.hasProvider ? (
        <Button asChild variant="secondary" size="lg" className="mt-4 w-full">
          <a href={`/api/login?returnTo=${encodeURIComponent(loaderData.returnTo)}`}>
            Sign in with your organisation's account
          </a>
        </Button>
      ) : null}
      <p className="mt-6 text-sm">
        <Link
          to="/forgot-password"
          className="text-zinc-300 underline underline-offset-4 hover:text-white"
        >
          Forgot password?
        </Link>
      </p>
      <p className="mt-3 text-sm text-zinc-400">
        New to the team? Use the invitation link an admin sent you to choose your password.
      </p>
    </CenteredCard>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, {
    title: "Sign in",
    description: (company) => `Staff sign-in for ${company}.`,
    noindex: true,
  });
}
