import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { ImportReport } from "#common/types/subscriber.ts";
import { subscribersQueryKey } from "./get-subscribers.ts";

/** Sends a CSV file to the mailing list's import; `consent`: the people already agreed. */
export function importSubscribers({
  file,
  consent,
}: {
  file: File;
  consent: boolean;
}): Promise<ImportReport> {
  const form = new FormData();
  form.append("consent", consent ? "true" : "false");
  form.append("file", file);
  return apiRequest<ImportReport>("/api/subscribers/import", { method: "POST", body: form });
}

export function useImportSubscribers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSubscribers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscribersQueryKey }),
  });
}
