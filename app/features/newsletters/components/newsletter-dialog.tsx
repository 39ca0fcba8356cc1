import { FlaskConicalIcon, LoaderCircleIcon, SendIcon } from "lucide-react";
import * as React from "react";
import { sectionPath } from "#app/components/dashboard/sections.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import {
  useNewsletterPreview,
  useSendNewsletterTest,
  useStartNewsletter,
} from "#app/features/newsletters/api/post-newsletter.ts";
import {
  confirmText,
  reachText,
  sendLabel,
  sentBeforeText,
  subscriberCount,
  testSentText,
} from "#app/features/newsletters/newsletter-texts.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import type { NewsletterPreview } from "#common/types/newsletter.ts";

/** Links in the preview open in a new tab; nothing else of the frame's may reach the page. */
function previewDocument(html: string): string {
  return html.replace(/<head>/i, '<head><base target="_blank">');
}

/**
 * "Send as newsletter" (docs/product/mail.md#newsletters-section): the e-mail as subscribers would
 * get it (in a sandboxed frame that runs no script), whom it would reach, "Send a test to me", and
 * the send itself after one question; "Send again" when the post was sent before.
 */
export function NewsletterDialog({
  postId,
  unsaved,
  open,
  onOpenChange,
}: {
  postId: string;
  /** The editor holds changes not saved yet: the e-mail is built from the saved post. */
  unsaved: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const preview = useNewsletterPreview(postId, open);
  const data = preview.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto">
        <DialogTitle>Send as newsletter</DialogTitle>
        <DialogDescription>
          This is the e-mail your subscribers will get. Check it, send a test to yourself, then send
          it.
        </DialogDescription>
        {preview.isPending ? (
          <p className="text-sm text-zinc-300">Loading the preview...</p>
        ) : preview.isError || !data ? (
          <p role="alert" className="text-sm text-redstone-400">
            {errorMessage(preview.error, "The preview could not be loaded. Please try again.")}
          </p>
        ) : (
          <div className="grid gap-4">
            <NewsletterPreviewText preview={data} unsaved={unsaved} />
            <SendControls
              postId={postId}
              preview={data}
              onSent={() => onOpenChange(false)}
              onRefused={() => void preview.refetch()}
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The subject, the e-mail in its frame, and what to know before sending it. */
function NewsletterPreviewText({
  preview,
  unsaved,
}: {
  preview: NewsletterPreview;
  unsaved: boolean;
}) {
  return (
    <>
      <p className="text-sm text-zinc-200">
        <span className="font-semibold text-white">Subject: </span>
        <span data-testid="newsletter-subject">{preview.subject}</span>
      </p>
      <iframe
        title="Preview of the e-mail"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={previewDocument(preview.html)}
        className="h-[26rem] w-full rounded-md border border-night-700 bg-white"
      />
      {unsaved ? (
        <p className="text-sm text-gold-300">
          The e-mail is made from the post as it was last saved. Your changes that are not saved yet
          are not in it: press Update first to include them.
        </p>
      ) : null}
      {preview.lastSentAt ? (
        <p className="rounded-md bg-gold-400/10 p-3 text-sm text-gold-300 ring-1 ring-gold-400/40">
          {sentBeforeText(preview.lastSentAt)}
        </p>
      ) : null}
      <p className="text-sm text-zinc-300">{reachText(preview.recipients)}</p>
    </>
  );
}

/**
 * "Send a test to me" and the send button, which asks first in place; what went wrong, in the
 * server's words.
 */
function SendControls({
  postId,
  preview,
  onSent,
  onRefused,
}: {
  postId: string;
  preview: NewsletterPreview;
  onSent: () => void;
  /** The sending was refused: the preview is read again (it may have been sent meanwhile). */
  onRefused: () => void;
}) {
  const toast = useToast();
  const sendTest = useSendNewsletterTest();
  const start = useStartNewsletter();
  const [confirming, setConfirming] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);

  async function testToMe() {
    setProblem(null);
    try {
      const sent = await sendTest.mutateAsync(postId);
      toast({ title: "Test sent", description: testSentText(sent.sentTo, sent.outbox) });
    } catch (error) {
      if (isApiError(error, 401)) return;
      setProblem(errorMessage(error, "The test e-mail could not be sent. Please try again."));
    }
  }

  async function send() {
    setProblem(null);
    try {
      const sending = await start.mutateAsync({ postId, resend: preview.lastSentAt !== null });
      onSent();
      toast({
        title: "Sending started",
        description: `The newsletter is on its way to ${subscriberCount(sending.total)}.`,
        action: { label: "Follow the progress", href: sectionPath("newsletters") },
      });
    } catch (error) {
      if (isApiError(error, 401)) return;
      setConfirming(false);
      setProblem(errorMessage(error, "The newsletter could not be started. Please try again."));
      onRefused();
    }
  }

  const busy = sendTest.isPending || start.isPending;
  return (
    <>
      {problem ? (
        <p role="alert" className="text-sm text-redstone-400">
          {problem}
        </p>
      ) : null}
      {confirming ? (
        <SendQuestion
          preview={preview}
          busy={busy}
          starting={start.isPending}
          onCancel={() => setConfirming(false)}
          onSend={() => void send()}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            aria-busy={sendTest.isPending || undefined}
            onClick={() => void testToMe()}
          >
            {sendTest.isPending ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <FlaskConicalIcon aria-hidden="true" />
            )}
            {sendTest.isPending ? "Sending test..." : "Send a test to me"}
          </Button>
          <Button
            type="button"
            disabled={busy || preview.recipients === 0}
            onClick={() => setConfirming(true)}
          >
            <SendIcon aria-hidden="true" />
            {sendLabel(preview.recipients, preview.lastSentAt)}
          </Button>
        </div>
      )}
    </>
  );
}

/** The one question before sending; it takes the focus, so the keyboard answers it next. */
function SendQuestion({
  preview,
  busy,
  starting,
  onCancel,
  onSend,
}: {
  preview: NewsletterPreview;
  busy: boolean;
  starting: boolean;
  onCancel: () => void;
  onSend: () => void;
}) {
  const confirmButton = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => {
    confirmButton.current?.focus();
  }, []);
  return (
    <fieldset className="grid gap-3 rounded-md border border-grass-600 p-3">
      <legend className="px-1 text-sm font-semibold text-white">
        {confirmText(preview.recipients, preview.lastSentAt)}
      </legend>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          ref={confirmButton}
          type="button"
          disabled={busy}
          aria-busy={starting || undefined}
          onClick={onSend}
        >
          {starting ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          {starting ? "Starting..." : "Yes, send it"}
        </Button>
      </div>
    </fieldset>
  );
}
