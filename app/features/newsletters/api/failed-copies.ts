import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { RemoveFailedAnswer, RetryFailedAnswer } from "#common/types/newsletter.ts";
import { newslettersQueryKey } from "./get-sendings.ts";

// What the failures panel of a sending does (docs/product/mail.md#newsletters-section): send the
// failed copies again, or take their addresses off the mailing list.

/** The Mailing List's queries all start with their address, so removing addresses refreshes them. */
const MAILING_LIST_QUERY_KEY = ["/api/subscribers"] as const;

export function retryFailedCopies(sendingId: string): Promise<RetryFailedAnswer> {
  return apiRequest<RetryFailedAnswer>(
    `/api/newsletter-sendings/${encodeURIComponent(sendingId)}/retry-failed`,
    { method: "POST" },
  );
}

export function removeFailedAddresses(sendingId: string): Promise<RemoveFailedAnswer> {
  return apiRequest<RemoveFailedAnswer>(
    `/api/newsletter-sendings/${encodeURIComponent(sendingId)}/remove-failed`,
    { method: "POST" },
  );
}

/** "Retry failed": the failed copies to addresses still active go out again, due now. */
export function useRetryFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedCopies,
    onSettled: () => queryClient.invalidateQueries({ queryKey: newslettersQueryKey }),
  });
}

/** "Remove these addresses": the failed copies' addresses leave the mailing list. */
export function useRemoveFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFailedAddresses,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: newslettersQueryKey });
      await queryClient.invalidateQueries({ queryKey: MAILING_LIST_QUERY_KEY });
    },
  });
}
