import { RotateCcwIcon, Trash2Icon } from "lucide-react";
import { BreakableAddress } from "#app/components/dashboard/breakable-address.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useRemoveFailed, useRetryFailed } from "#app/features/newsletters/api/failed-copies.ts";
import {
  nextTryText,
  removedText,
  removeFailedQuestion,
  retriedText,
} from "#app/features/newsletters/newsletter-texts.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { browserTimeZone } from "#app/lib/browser-time-zone.ts";
import { formatStaffTime } from "#app/lib/staff-time.ts";
import type { NewsletterSendingDetail } from "#common/types/newsletter.ts";

function attempts(count: number): string {
  return `${count} ${count === 1 ? "attempt" : "attempts"}`;
}

/**
 * A sending's copies waiting for a retry (refused for now), each with when it is tried again;
 * nothing when none waits.
 */
export function RetriesList({ sending }: { sending: NewsletterSendingDetail }) {
  if (sending.retries.length === 0) return null;
  return (
    <>
      <h3 className="text-lg font-semibold text-white">Waiting for a retry</h3>
      <ul aria-label="Addresses waiting for a retry" className="grid gap-2">
        {sending.retries.map((retry) => (
          <li
            key={retry.email}
            className="rounded-md bg-night-800 p-3 text-sm ring-1 ring-night-700"
          >
            <p className="font-semibold text-white">
              <BreakableAddress address={retry.email} />
            </p>
            <p className="mt-1 text-zinc-300">
              {`${nextTryText(retry.nextAttemptAt)} (${attempts(retry.attempts)} so far)`}
            </p>
            <p className="mt-1 break-words text-zinc-400">
              {retry.lastError ?? "No answer was recorded."}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The addresses a sending could not reach, and what to do about them. */
export function FailuresPanel({ sending }: { sending: NewsletterSendingDetail }) {
  return (
    <section aria-labelledby="sending-failures" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="sending-failures" className="text-lg font-semibold text-white">
          Failures
        </h3>
        {sending.failed > 0 ? <FailureActions sending={sending} /> : null}
      </div>
      {sending.failures.length === 0 ? (
        <p className="text-sm text-zinc-300">No address has failed.</p>
      ) : (
        <ul aria-label="Failed addresses" className="grid gap-2">
          {sending.failures.map((failure) => (
            <li
              key={failure.email}
              className="rounded-md bg-night-800 p-3 text-sm ring-1 ring-night-700"
            >
              <p className="font-semibold text-white">
                <BreakableAddress address={failure.email} />
              </p>
              <p className="mt-1 text-zinc-300">
                {attempts(failure.attempts)}
                {failure.at ? `, last ${formatStaffTime(failure.at, browserTimeZone())}` : ""}
              </p>
              <p className="mt-1 break-words text-zinc-400">
                {failure.lastError ?? "No answer was recorded."}
              </p>
            </li>
          ))}
        </ul>
      )}
      {sending.failed > sending.failures.length ? (
        <p className="text-sm text-zinc-400">
          {`The latest ${sending.failures.length} of ${sending.failed} failures are shown.`}
        </p>
      ) : null}
    </section>
  );
}

/** "Retry failed" and "Remove these addresses", each off when it would concern nobody. */
function FailureActions({ sending }: { sending: NewsletterSendingDetail }) {
  const toast = useToast();
  const confirm = useConfirm();
  const retry = useRetryFailed();
  const remove = useRemoveFailed();
  const busy = retry.isPending || remove.isPending;

  async function run<T>(action: () => Promise<T>, done: (answer: T) => string, fallback: string) {
    try {
      toast({ title: done(await action()) });
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });
    }
  }

  async function removeAddresses() {
    const question = removeFailedQuestion(sending.removable);
    if (!(await confirm({ ...question, confirmLabel: "Remove", destructive: true }))) return;
    await run(
      () => remove.mutateAsync(sending.id),
      (answer) => removedText(answer.removed),
      "Failed to remove the addresses.",
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        disabled={busy || sending.retryable === 0}
        onClick={() =>
          void run(
            () => retry.mutateAsync(sending.id),
            (answer) => retriedText(answer.retried),
            "Failed to retry the failed copies.",
          )
        }
      >
        <RotateCcwIcon aria-hidden="true" />
        Retry failed
      </Button>
      <Button
        variant="destructive"
        disabled={busy || sending.removable === 0}
        onClick={() => void removeAddresses()}
      >
        <Trash2Icon aria-hidden="true" />
        Remove these addresses
      </Button>
    </div>
  );
}
