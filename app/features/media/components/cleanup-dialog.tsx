import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useCleanUpMedia, useCleanupCandidates } from "#app/features/media/api/cleanup-media.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { MAX_CLEANUP_DAYS } from "#common/schemas/media.ts";
import { formatBytes } from "./media-words.ts";

const DEFAULT_DAYS = 90;

/**
 * Clean up: the unused images uploaded more than N days ago, listed, and deleted together
 * after a confirmation; one that came into use meanwhile is kept.
 */
export function CleanupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [daysText, setDaysText] = React.useState(String(DEFAULT_DAYS));
  const days = Number(daysText);
  const valid = Number.isInteger(days) && days >= 1 && days <= MAX_CLEANUP_DAYS;
  const candidates = useCleanupCandidates(open && valid ? days : null);
  const cleanUp = useCleanUpMedia();
  const confirm = useConfirm();
  const toast = useToast();
  const items = candidates.data?.items ?? [];
  const bytes = items.reduce((sum, item) => sum + item.size, 0);

  async function onDelete() {
    const confirmed = await confirm({
      title: `Delete ${items.length} unused ${items.length === 1 ? "image" : "images"}?`,
      description: `Nothing uses them, and they were uploaded more than ${days} days ago. Their files are deleted for good.`,
      confirmLabel: "Delete unused images",
      destructive: true,
    });
    if (!confirmed) return;
    try {
      const answer = await cleanUp.mutateAsync({
        olderThanDays: days,
        ids: items.map((item) => item.id),
      });
      toast({
        title: "Clean-up done",
        description: `${answer.deleted} deleted${answer.kept ? `, ${answer.kept} kept because they are in use now` : ""}.`,
      });
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to clean up."),
        variant: "destructive",
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="media-cleanup-description">
        <DialogTitle>Clean up unused media</DialogTitle>
        <DialogDescription id="media-cleanup-description">
          Images that no post, app or setting uses, uploaded more than the days you choose ago.
        </DialogDescription>
        <div>
          <Label htmlFor="media-cleanup-days">Unused for more than (days)</Label>
          <Input
            id="media-cleanup-days"
            inputMode="numeric"
            value={daysText}
            onChange={(event) => setDaysText(event.target.value)}
            aria-invalid={valid ? undefined : true}
          />
        </div>
        {!valid ? (
          <p role="alert" className="text-sm text-redstone-400">
            Choose a number of days from 1 to {MAX_CLEANUP_DAYS}.
          </p>
        ) : candidates.isPending ? (
          <p className="text-sm text-zinc-400">Looking for unused images...</p>
        ) : (
          <p aria-live="polite" className="text-sm text-zinc-300">
            {items.length === 0
              ? "No unused images that old."
              : `${items.length} unused ${items.length === 1 ? "image" : "images"} (${formatBytes(bytes)}).`}
          </p>
        )}
        {items.length > 0 ? (
          <ul
            aria-label="Unused images"
            className="max-h-40 space-y-1 overflow-y-auto text-sm break-all text-zinc-400"
          >
            {items.map((item) => (
              <li key={item.id}>{item.originalName}</li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={!valid || items.length === 0 || cleanUp.isPending}
            onClick={() => void onDelete()}
          >
            Delete unused images
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
