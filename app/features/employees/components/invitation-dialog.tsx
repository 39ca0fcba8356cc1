import { CheckIcon, CopyIcon } from "lucide-react";
import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { formatShortDate } from "#common/format.ts";
import type { SentInvitation } from "#common/types/employee.ts";

/**
 * Shows an invitation link for the admin to copy and pass on; it works once, for 7 days. It says
 * whether the link was also e-mailed, and plainly when that mail could not be sent.
 */
export function InvitationDialog({
  invitation,
  name,
  onClose,
}: {
  invitation: SentInvitation | null;
  name: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const [copied, setCopied] = React.useState(false);
  const inputRef = React.useRef<HTMLInputElement>(null);

  async function copy() {
    if (!invitation) return;
    try {
      await navigator.clipboard.writeText(invitation.url);
      setCopied(true);
      toast({ title: "Invitation link copied" });
    } catch {
      // No clipboard access (an insecure origin, a denied permission): select it for Ctrl+C.
      inputRef.current?.select();
      toast({ title: "Copy the selected link with Ctrl+C or ⌘C" });
    }
  }

  return (
    <Dialog
      open={invitation !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogTitle>Invitation link</DialogTitle>
        <DialogDescription>
          {invitation?.mailed && !invitation.outbox
            ? `We e-mailed this link to ${name}. You can also copy it and send it yourself. It lets them choose a password and sign in; it works once, until ${formatShortDate(invitation?.expiresAt)}.`
            : `Send this link to ${name}. It lets them choose a password and sign in; it works once, until ${formatShortDate(invitation?.expiresAt)}.`}
        </DialogDescription>
        {invitation && !invitation.mailed ? (
          <p role="alert" className="text-sm text-redstone-400">
            The invitation e-mail could not be sent. Copy the link and send it to them yourself.
          </p>
        ) : invitation?.outbox ? (
          <p className="text-sm text-zinc-400">
            No mail server is set up, so the invitation e-mail was kept in the Outbox instead of
            being sent.
          </p>
        ) : null}
        <div className="flex gap-2">
          <label htmlFor="invitation-url" className="sr-only">
            Invitation link
          </label>
          <Input
            id="invitation-url"
            ref={inputRef}
            readOnly
            value={invitation?.url ?? ""}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" onClick={copy} variant="secondary">
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? "Copied" : "Copy link"}
          </Button>
        </div>
        <div className="flex justify-end">
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
