import { CircleAlertIcon, LogInIcon } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
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
    <section className="pixel-grid flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md rounded-xl bg-night-900 p-6 shadow-2xl ring-1 ring-night-700 sm:p-8">
        <span
          aria-hidden="true"
          className="grid size-14 place-items-center rounded-lg bg-grass-500/15 text-grass-300"
        >
          <LogInIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-3xl font-bold text-white">Staff sign in</h1>
        <p className="mt-3 text-zinc-300">
          Sign in to manage posts, portfolio and the mailing list.
        </p>
        <Form method="post" className="mt-8 space-y-4">
          <input type="hidden" name="returnTo" value={loaderData.returnTo} />
          <div>
            <label htmlFor="login-email" className="mb-1.5 block text-sm font-semibold">
              Email
            </label>
            <Input
              id="login-email"
              type="email"
              name="email"
              autoComplete="username"
              required
              defaultValue={actionData?.email ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "login-error" : undefined}
              className="h-12"
            />
          </div>
          <div>
            <label htmlFor="login-password" className="mb-1.5 block text-sm font-semibold">
              Password
            </label>
            <Input
              id="login-password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "login-error" : undefined}
              className="h-12"
            />
          </div>
          {error ? (
            <p
              id="login-error"
              role="alert"
              className="flex items-start gap-2 rounded-md bg-redstone-500/10 p-3 text-sm text-redstone-400 ring-1 ring-redstone-500/40"
            >
              <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {error}
            </p>
          ) : null}
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
        <p className="mt-6 text-sm text-zinc-400">
          New to the team? Use the invitation link an admin sent you to choose your password.
        </p>
      </div>
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const company = matches[0]?.loaderData?.site.companyName ?? "Studio";
  return [
    { title: `Sign in | ${company}` },
    { name: "description", content: `Staff sign-in for ${company}.` },
    { name: "robots", content: "noindex" },
  ];
}
