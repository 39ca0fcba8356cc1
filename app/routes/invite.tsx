import { CircleAlertIcon, KeyRoundIcon, LinkIcon } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
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
    <section className="pixel-grid flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md rounded-xl bg-night-900 p-6 shadow-2xl ring-1 ring-night-700 sm:p-8">
        {state.status === "valid" ? (
          <>
            <span
              aria-hidden="true"
              className="grid size-14 place-items-center rounded-lg bg-grass-500/15 text-grass-300"
            >
              <KeyRoundIcon className="size-7" />
            </span>
            <h1 className="mt-5 text-3xl font-bold text-white">{`Welcome, ${state.firstName}!`}</h1>
            <p className="mt-3 text-zinc-300">
              Choose a password for <strong className="break-all text-white">{state.email}</strong>.
              You will use it to sign in to the dashboard.
            </p>
            <Form method="post" className="mt-8 space-y-4">
              <input type="hidden" name="username" value={state.email} autoComplete="username" />
              <div>
                <label htmlFor="invite-password" className="mb-1.5 block text-sm font-semibold">
                  Password
                </label>
                <Input
                  id="invite-password"
                  type="password"
                  name="password"
                  autoComplete="new-password"
                  required
                  minLength={12}
                  aria-describedby="invite-password-rule"
                  className="h-12"
                />
                <p id="invite-password-rule" className="mt-1.5 text-sm text-zinc-400">
                  {PASSWORD_RULE}
                </p>
              </div>
              <div>
                <label htmlFor="invite-confirm" className="mb-1.5 block text-sm font-semibold">
                  Confirm password
                </label>
                <Input
                  id="invite-confirm"
                  type="password"
                  name="confirmPassword"
                  autoComplete="new-password"
                  required
                  className="h-12"
                />
              </div>
              {error ? (
                <p
                  role="alert"
                  className="flex items-start gap-2 rounded-md bg-redstone-500/10 p-3 text-sm text-redstone-400 ring-1 ring-redstone-500/40"
                >
                  <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {error}
                </p>
              ) : null}
              <Button type="submit" size="lg" className="w-full" disabled={submitting}>
                {submitting ? "Setting password..." : "Set password and sign in"}
              </Button>
            </Form>
          </>
        ) : (
          <div className="text-center">
            <span
              aria-hidden="true"
              className="mx-auto grid size-14 place-items-center rounded-lg bg-redstone-500/15 text-redstone-400"
            >
              <LinkIcon className="size-7" />
            </span>
            <h1 className="mt-5 text-3xl font-bold text-white">
              {state.status === "expired"
                ? "Invitation expired"
                : state.status === "used"
                  ? "Invitation already used"
                  : "Invitation not valid"}
            </h1>
            <p className="mt-3 text-zinc-300">{INVITATION_MESSAGES[state.status]}</p>
            <Button asChild variant="outline" className="mt-8">
              <Link to="/login">Go to sign in</Link>
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const company = matches[0]?.loaderData?.site.companyName ?? "Studio";
  return [{ title: `Your invitation | ${company}` }, { name: "robots", content: "noindex" }];
}
