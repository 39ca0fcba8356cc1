import { useMutation } from "@tanstack/react-query";
import { apiGetFile, type DownloadedFile, isApiError } from "#app/lib/api-client.ts";
import { saveFile } from "#app/lib/save-file.ts";
import { mailingListFileName } from "#common/mailing-list.ts";

/** The mailing list as the server's CSV file (common/mailing-list.ts describes it). */
export function exportSubscribers(): Promise<DownloadedFile> {
  return apiGetFile("/api/subscribers/export");
}

/**
 * Downloads the CSV as mailing-list-{date}.csv. A failure is only logged
 * (docs/product/mail.md#mailing-list-section); a 401 goes to sign in like every other call.
 */
export function useExportSubscribers() {
  return useMutation({
    mutationFn: exportSubscribers,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? mailingListFileName(new Date())),
    onError: (error) => {
      if (isApiError(error, 401)) return;
      console.error("Failed to export the mailing list:", error);
    },
  });
}
