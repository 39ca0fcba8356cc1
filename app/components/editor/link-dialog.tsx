import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { isAllowedLinkHref } from "#common/editor/allowed-html.ts";

export const LINK_RULE =
  "Enter an address starting with http://, https:// or mailto:, or a path on this site starting with /.";

/**
 * Asks for a link's address: a new link over the selected text, or a change to the link under
 * the cursor, which can also be removed here.
 */
export function LinkDialog({
  open,
  onOpenChange,
  initialHref,
  onSave,
  onRemove,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the dialog has closed, instead of focusing the button that opened it. */
  onClosed: () => void;
  /** The address of the link being edited; "" for a new link. */
  initialHref: string;
  onSave: (href: string) => void;
  onRemove: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby="link-dialog-description"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        {open ? (
          <LinkForm
            initialHref={initialHref}
            onSave={onSave}
            onRemove={onRemove}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function LinkForm({
  initialHref,
  onSave,
  onRemove,
  onCancel,
}: {
  initialHref: string;
  onSave: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const [href, setHref] = React.useState(initialHref);
  const [error, setError] = React.useState<string | null>(null);
  const inputId = React.useId();
  const errorId = `${inputId}-error`;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The dialog sits outside the post form in the page, but React bubbles through portals.
    event.stopPropagation();
    const value = href.trim();
    if (!isAllowedLinkHref(value)) {
      setError(LINK_RULE);
      return;
    }
    onSave(value);
  }

  return (
    <>
      <DialogTitle>{initialHref ? "Edit link" : "Add link"}</DialogTitle>
      <DialogDescription id="link-dialog-description">
        Links to other sites open in a new tab.
      </DialogDescription>
      <form noValidate onSubmit={submit} className="space-y-4">
        <div>
          <Label htmlFor={inputId}>Link address</Label>
          <Input
            id={inputId}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            value={href}
            onChange={(event) => {
              setHref(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            autoFocus
          />
          {error ? (
            <p id={errorId} className="mt-1.5 text-sm text-redstone-400">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          {initialHref ? (
            <Button type="button" variant="destructive" onClick={onRemove} className="mr-auto">
              Remove link
            </Button>
          ) : null}
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save link</Button>
        </div>
      </form>
    </>
  );
}
