import { ImagesIcon } from "lucide-react";
import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import type { MediaItem } from "#common/types/media.ts";
import { MediaPicker } from "./media-picker.tsx";

/**
 * "Choose from media library" under an image field: a dialog with the library's picker; the
 * chosen item and its alt text (as edited there) go to `onPick`.
 */
export function MediaLibraryButton({
  label,
  onPick,
}: {
  /** The field's label ("Featured image"). */
  label: string;
  onPick: (item: MediaItem, alt: string) => void;
}) {
  const [open, setOpen] = React.useState(false);
  const id = React.useId();
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        className="mt-2"
        onClick={() => setOpen(true)}
      >
        <ImagesIcon aria-hidden="true" />
        Choose from media library
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={id}>
          <DialogTitle>Choose {label.toLowerCase()}</DialogTitle>
          <DialogDescription id={id}>
            Pick an image you uploaded before; its alt text comes along.
          </DialogDescription>
          {open ? (
            <MediaPicker
              pickLabel="Use image"
              onPick={(item, alt) => {
                setOpen(false);
                onPick(item, alt);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
