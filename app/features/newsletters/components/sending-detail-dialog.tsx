import { BreakableAddress } from "#app/components/dashboard/breakable-address.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { useSending } from "#app/features/newsletters/api/get-sendings.ts";
import { statusLabel } from "#app/features/newsletters/sending-progress.ts";
import { errorMessage } from "#app/lib/api-client.ts";
import { browserTimeZone } from "#app/lib/browser-time-zone.ts";
import { formatStaffTime } from "#app/lib/staff-time.ts";
import { SendingProgressBar } from "./sending-progress-bar.tsx";

/** One sending: its progress, kept fresh while it runs, and the addresses that failed. */
export function SendingDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const sending = useSending(id);
  const data = sending.data;
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
        <DialogTitle>{data ? data.postTitle : "Newsletter"}</DialogTitle>
        <DialogDescription>
          {data
            ? `${statusLabel(data)}. Subject: ${data.subject}. Started ${formatStaffTime(data.createdAt, browserTimeZone())}${data.finishedAt ? `, finished ${formatStaffTime(data.finishedAt, browserTimeZone())}` : ""}.`
            : "The sending's progress and the addresses it could not reach."}
        </DialogDescription>
        {sending.isPending ? (
          <p role="status" className="text-sm text-zinc-300">
            Loading...
          </p>
        ) : sending.isError || !data ? (
          <p role="alert" className="text-sm text-redstone-400">
            {errorMessage(sending.error, "Failed to load the sending.")}
          </p>
        ) : (
          <div className="grid gap-4">
            <SendingProgressBar sending={data} />
            <h3 className="text-lg font-semibold text-white">Failures</h3>
            {data.failures.length === 0 ? (
              <p className="text-sm text-zinc-300">No address has failed.</p>
            ) : (
              <ul aria-label="Failed addresses" className="grid gap-2">
                {data.failures.map((failure) => (
                  <li
                    key={failure.email}
                    className="rounded-md bg-night-800 p-3 text-sm ring-1 ring-night-700"
                  >
                    <p className="font-semibold text-white">
                      <BreakableAddress address={failure.email} />
                    </p>
                    <p className="mt-1 text-zinc-300">
                      {`${failure.attempts} ${failure.attempts === 1 ? "attempt" : "attempts"}`}
                      {failure.at ? `, last ${formatStaffTime(failure.at, browserTimeZone())}` : ""}
                    </p>
                    <p className="mt-1 break-words text-zinc-400">
                      {failure.lastError ?? "No answer was recorded."}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {data.failed > data.failures.length ? (
              <p className="text-sm text-zinc-400">
                {`The latest ${data.failures.length} of ${data.failed} failures are shown.`}
              </p>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
