import { CircleAlertIcon, MailCheckIcon, MailXIcon } from "lucide-react";
import * as React from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/unsubscribe.ts";

type State =
  | { step: "idle" }
  | { step: "submitting" }
  | { step: "done"; email: string }
  | { step: "failed"; message: string };

/**
 * Leaving the mailing list. The address may arrive prefilled from a newsletter's link
 * (`?email=`). The server answers the same whether or not the address was on the list, so the
 * page never says which it was (DECISIONS.md section 4).
 */
export default function Unsubscribe() {
  const [searchParams] = useSearchParams();
  const companyName = useRootData()?.site.companyName ?? "";
  const [email, setEmail] = React.useState(() => searchParams.get("email")?.trim() ?? "");
  const [state, setState] = React.useState<State>({ step: "idle" });
  const doneHeading = React.useRef<HTMLHeadingElement>(null);
  const submitting = state.step === "submitting";

  React.useEffect(() => {
    if (state.step === "done") doneHeading.current?.focus();
  }, [state.step]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address.includes("@")) {
      setState({ step: "failed", message: "Please enter a valid email address." });
      return;
    }
    setState({ step: "submitting" });
    try {
      await unsubscribe(address);
      setState({ step: "done", email: address });
    } catch (error) {
      setState({
        step: "failed",
        message:
          error instanceof Error ? error.message : "Failed to unsubscribe. Please try again.",
      });
    }
  }

  return (
    <section className="pixel-grid flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md rounded-xl bg-night-900 p-6 shadow-2xl ring-1 ring-night-700 sm:p-8">
        {state.step === "done" ? (
          <div className="text-center">
            <span
              aria-hidden="true"
              className="mx-auto grid size-14 place-items-center rounded-lg bg-grass-500/15 text-grass-300"
            >
              <MailCheckIcon className="size-7" />
            </span>
            <h1
              ref={doneHeading}
              tabIndex={-1}
              className="mt-5 text-3xl font-bold text-white focus:outline-none"
            >
              You're unsubscribed
            </h1>
            <p role="status" className="mt-3 text-zinc-300">
              <strong className="break-all text-white">{state.email}</strong> will no longer receive
              our newsletter.
            </p>
            <p className="mt-2 text-sm text-zinc-400">
              Changed your mind? You can subscribe again at the bottom of our home page at any time.
            </p>
            <Button asChild variant="outline" className="mt-8">
              <Link to="/">Back to home</Link>
            </Button>
          </div>
        ) : (
          <>
            <span
              aria-hidden="true"
              className="grid size-14 place-items-center rounded-lg bg-night-800 text-zinc-300"
            >
              <MailXIcon className="size-7" />
            </span>
            <h1 className="mt-5 text-3xl font-bold text-white">Unsubscribe</h1>
            <p className="mt-3 text-zinc-300">
              Enter your email address to stop receiving the{" "}
              {companyName ? `${companyName} newsletter` : "newsletter"}.
            </p>
            <form onSubmit={onSubmit} noValidate className="mt-8 space-y-4">
              <div>
                <label htmlFor="unsubscribe-email" className="mb-1.5 block text-sm font-semibold">
                  Email address
                </label>
                <Input
                  id="unsubscribe-email"
                  type="email"
                  name="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  disabled={submitting}
                  aria-invalid={state.step === "failed" ? true : undefined}
                  aria-describedby={state.step === "failed" ? "unsubscribe-error" : undefined}
                  className="h-12"
                />
              </div>
              {state.step === "failed" ? (
                <p
                  id="unsubscribe-error"
                  role="alert"
                  className="flex items-start gap-2 rounded-md bg-redstone-500/10 p-3 text-sm text-redstone-400 ring-1 ring-redstone-500/40"
                >
                  <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {state.message}
                </p>
              ) : null}
              <Button type="submit" size="lg" disabled={submitting} className="w-full">
                {submitting ? "Unsubscribing..." : "Unsubscribe"}
              </Button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}

/** POST /api/newsletter/unsubscribe; a refusal throws with the server's message. */
async function unsubscribe(email: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch("/api/newsletter/unsubscribe", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
  } catch {
    throw new Error("Could not reach the server. Check your connection and try again.");
  }
  if (response.ok) return;
  const text = await response.text().catch(() => "");
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: unknown } | null)?.message;
  } catch {
    message = undefined;
  }
  // SPEC.md section 8: without a message, "{status}: {body or status text}".
  throw new Error(
    typeof message === "string" && message
      ? message
      : `${response.status}: ${text || response.statusText}`,
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const company = matches[0]?.loaderData?.site.companyName ?? "Studio";
  return [
    { title: `Unsubscribe | ${company}` },
    { name: "description", content: `Stop receiving the ${company} newsletter.` },
    { name: "robots", content: "noindex" },
  ];
}
