import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiRequest } from "#app/lib/api-client.ts";
import type { NewsletterPreview, NewsletterSending } from "#common/types/newsletter.ts";
import type { NewsletterTestSent } from "#common/types/newsletter-test.ts";
import { newslettersQueryKey } from "./get-sendings.ts";

// A post's newsletter, as the editor's "Send as newsletter" dialog uses it
// (docs/product/mail.md#newsletters-section): the preview, a test to oneself, and the sending.

/** Under "newsletters", so starting a sending refreshes the preview and the Newsletters list. */
export function newsletterPreviewKey(postId: string) {
  return [...newslettersQueryKey, "preview", postId] as const;
}

export function newsletterPreviewOptions(postId: string) {
  return queryOptions({
    queryKey: newsletterPreviewKey(postId),
    queryFn: ({ signal }) =>
      apiGet<NewsletterPreview>(
        `/api/posts/${encodeURIComponent(postId)}/newsletter/preview`,
        signal,
      ),
  });
}

/** The e-mail as subscribers would get it, and whom it would reach; read while `enabled`. */
export function useNewsletterPreview(postId: string, enabled: boolean) {
  return useQuery({ ...newsletterPreviewOptions(postId), enabled });
}

export function sendNewsletterTest(postId: string): Promise<NewsletterTestSent> {
  return apiRequest<NewsletterTestSent>(
    `/api/posts/${encodeURIComponent(postId)}/newsletter/test`,
    { method: "POST" },
  );
}

/** "Send a test to me": the e-mail, marked as a test, to the signed-in staff member. */
export function useSendNewsletterTest() {
  return useMutation({ mutationFn: sendNewsletterTest });
}

export function startNewsletter(postId: string, resend = false): Promise<NewsletterSending> {
  return apiRequest<NewsletterSending>(`/api/posts/${encodeURIComponent(postId)}/newsletter`, {
    method: "POST",
    body: resend ? { resend: true } : {},
  });
}

/** Starts sending the post to every active subscriber (`resend` when it was sent before). */
export function useStartNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, resend }: { postId: string; resend: boolean }) =>
      startNewsletter(postId, resend),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newslettersQueryKey }),
  });
}
