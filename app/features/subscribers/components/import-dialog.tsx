import { UploadIcon } from "lucide-react";
import * as React from "react";
import { FormError } from "#app/components/site/form-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { useImportSubscribers } from "#app/features/subscribers/api/import-subscribers.ts";
import { errorMessage } from "#app/lib/api-client.ts";
import type { ImportReport } from "#common/types/subscriber.ts";

/**
 * The Mailing List's Import (admins): a CSV file and whether the people in it already agreed to
 * get the newsletter; then the report of what was added, already there, and refused.
 */
export function ImportDialog() {
  const [open, setOpen] = React.useState(false);
  const [file, setFile] = React.useState<File | null>(null);
  const [consent, setConsent] = React.useState(false);
  const [report, setReport] = React.useState<ImportReport | null>(null);
  const importing = useImportSubscribers();
  const error = importing.isError ? errorMessage(importing.error, "The import failed.") : null;

  function reset() {
    setFile(null);
    setConsent(false);
    setReport(null);
    importing.reset();
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    importing.mutate({ file, consent }, { onSuccess: setReport });
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <UploadIcon aria-hidden="true" />
        Import CSV
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) reset();
        }}
      >
        <DialogContent>
          <DialogTitle>Import subscribers</DialogTitle>
          <DialogDescription>
            A CSV file with an e-mail column (such as this list's own export, or one from another
            newsletter tool). Addresses already on the list are left as they are.
          </DialogDescription>
          {report ? (
            <ImportResult report={report} consent={consent} onDone={() => setOpen(false)} />
          ) : (
            <form onSubmit={onSubmit} className="space-y-4">
              <div>
                <label htmlFor="import-file" className="text-sm font-semibold text-white">
                  CSV file
                </label>
                <input
                  id="import-file"
                  type="file"
                  accept=".csv,text/csv"
                  required
                  onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
                  className="mt-1.5 block w-full text-sm text-zinc-300 file:mr-3 file:rounded-md file:border-0 file:bg-night-700 file:px-3 file:py-2 file:text-white"
                />
              </div>
              <div className="flex items-start gap-3">
                <input
                  id="import-consent"
                  type="checkbox"
                  checked={consent}
                  onChange={(event) => setConsent(event.currentTarget.checked)}
                  className="mt-1 size-4 accent-grass-500"
                />
                <label htmlFor="import-consent" className="text-sm text-zinc-200">
                  These people already agreed to get the newsletter from the studio.
                  <span className="mt-0.5 block text-zinc-400">
                    Without this, each new address gets an e-mail asking to confirm, and only those
                    who confirm get newsletters.
                  </span>
                </label>
              </div>
              {error ? <FormError>{error}</FormError> : null}
              <div className="flex justify-end gap-2">
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!file || importing.isPending}>
                  {importing.isPending ? "Importing..." : "Import"}
                </Button>
              </div>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ImportResult({
  report,
  consent,
  onDone,
}: {
  report: ImportReport;
  consent: boolean;
  onDone: () => void;
}) {
  return (
    <div className="space-y-4" role="status">
      <ul className="space-y-1 text-sm text-zinc-200">
        <li>
          {`Added: ${report.added}`}
          {report.added > 0 && !consent ? " (pending until each confirms by e-mail)" : ""}
        </li>
        <li>{`Already on the list: ${report.alreadyPresent}`}</li>
        <li>{`Refused: ${report.refused.length}`}</li>
      </ul>
      {report.refused.length > 0 ? (
        <div className="max-h-60 overflow-y-auto rounded-md ring-1 ring-night-700">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Refused rows</caption>
            <thead className="text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Row
                </th>
                <th scope="col" className="px-3 py-2">
                  Value
                </th>
                <th scope="col" className="px-3 py-2">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody className="text-zinc-200">
              {report.refused.map((refusal) => (
                <tr key={refusal.row} className="border-t border-night-700">
                  <td className="px-3 py-2 tabular-nums">{refusal.row}</td>
                  <td className="px-3 py-2 break-all">{refusal.value || "(empty)"}</td>
                  <td className="px-3 py-2">{refusal.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
