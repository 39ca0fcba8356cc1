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
import { FailuresPanel, RetriesList } from "./failures-panel.tsx";
import { SendingProgressBar } from "./sending-progress-bar.tsx";

/**
 * One sending: its progress, kept fresh while it runs, the copies waiting for a retry, and the
 * addresses that failed with what to do about them.
 */
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
            <RetriesList sending={data} />
            <FailuresPanel sending={data} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
