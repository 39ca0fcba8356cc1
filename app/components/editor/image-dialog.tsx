import * as React from "react";
import { MediaPicker } from "#app/components/media/media-picker.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { imageFileRefusal } from "#app/lib/image-file.ts";
import { MAX_UPLOAD_BYTES, UPLOAD_IMAGE_ACCEPT } from "#common/constants.ts";

export const CHOOSE_IMAGE = "Choose a PNG or JPEG image to insert.";

const UPLOAD_HINT = `PNG or JPEG, up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. It uploads while you keep writing.`;

/** What the dialog is for: a new image (file and description), or an image's description. */
export type ImageDialogMode = { kind: "insert" } | { kind: "edit"; alt: string };

/**
 * The toolbar's image dialog, like the link dialog: for a new image it asks for the file and its
 * description (alt text), and the upload starts once it closes, or picks an image of the media
 * library, whose alt text comes along; for a selected image, it edits the description.
 */
export function ImageDialog({
  mode,
  onOpenChange,
  onClosed,
  onInsert,
  onPick,
  onDescribe,
}: {
  /** Null while closed. */
  mode: ImageDialogMode | null;
  onOpenChange: (open: boolean) => void;
  /** After the dialog has closed, instead of focusing the button that opened it. */
  onClosed: () => void;
  onInsert: (file: File, alt: string) => void;
  /** An image of the media library: its address and description. */
  onPick: (url: string, alt: string) => void;
  onDescribe: (alt: string) => void;
}) {
  return (
    <Dialog open={mode !== null} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby="image-dialog-description"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        {mode?.kind === "insert" ? (
          <Tabs defaultValue="upload" className="min-w-0">
            <DialogTitle>Insert image</DialogTitle>
            <DialogDescription id="image-dialog-description">
              Upload a new image, or pick one of the media library.
            </DialogDescription>
            <TabsList aria-label="Where the image comes from" className="mb-4">
              <TabsTrigger value="upload">Upload new</TabsTrigger>
              <TabsTrigger value="library">Media library</TabsTrigger>
            </TabsList>
            <TabsContent value="upload">
              <ImageForm
                mode={mode}
                heading={false}
                onInsert={onInsert}
                onDescribe={onDescribe}
                onCancel={() => onOpenChange(false)}
              />
            </TabsContent>
            <TabsContent value="library">
              <MediaPicker pickLabel="Insert image" onPick={(item, alt) => onPick(item.url, alt)} />
            </TabsContent>
          </Tabs>
        ) : mode ? (
          <ImageForm
            mode={mode}
            onInsert={onInsert}
            onDescribe={onDescribe}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ImageForm({
  mode,
  heading = true,
  onInsert,
  onDescribe,
  onCancel,
}: {
  mode: ImageDialogMode;
  /** Whether the form carries the dialog's title (not under the insert dialog's tabs). */
  heading?: boolean;
  onInsert: (file: File, alt: string) => void;
  onDescribe: (alt: string) => void;
  onCancel: () => void;
}) {
  const [file, setFile] = React.useState<File | null>(null);
  const [alt, setAlt] = React.useState(mode.kind === "edit" ? mode.alt : "");
  const [error, setError] = React.useState<string | null>(null);
  const id = React.useId();
  const ids = { file: `${id}-file`, alt: `${id}-alt`, hint: `${id}-hint`, error: `${id}-error` };
  const inserting = mode.kind === "insert";

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The dialog sits outside the post form in the page, but React bubbles through portals.
    event.stopPropagation();
    if (!inserting) {
      onDescribe(alt.trim());
      return;
    }
    if (!file) {
      setError(CHOOSE_IMAGE);
      return;
    }
    onInsert(file, alt.trim());
  }

  function choose(chosen: File | undefined) {
    setFile(null);
    setError(null);
    if (!chosen) return;
    const refusal = imageFileRefusal(chosen);
    if (refusal) setError(refusal);
    else setFile(chosen);
  }

  return (
    <>
      {heading ? (
        <>
          <DialogTitle>{inserting ? "Insert image" : "Edit alt text"}</DialogTitle>
          <DialogDescription id="image-dialog-description">
            {inserting ? UPLOAD_HINT : "Describe what the image shows."}
          </DialogDescription>
        </>
      ) : (
        <p className="mb-4 text-sm text-zinc-400">{UPLOAD_HINT}</p>
      )}
      <form noValidate onSubmit={submit} className="space-y-4">
        {inserting ? (
          <div>
            <Label htmlFor={ids.file}>Image file</Label>
            <Input
              id={ids.file}
              type="file"
              accept={UPLOAD_IMAGE_ACCEPT}
              onChange={(event) => choose(event.target.files?.[0])}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              autoFocus
              className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-night-700 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-zinc-100"
            />
            {error ? (
              <p id={ids.error} role="alert" className="mt-1.5 text-sm text-redstone-400">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
        <div>
          <Label htmlFor={ids.alt}>Image description (alt text)</Label>
          <Input
            id={ids.alt}
            value={alt}
            autoComplete="off"
            onChange={(event) => setAlt(event.target.value)}
            aria-describedby={ids.hint}
            autoFocus={!inserting}
          />
          <p id={ids.hint} className="mt-1.5 text-xs text-zinc-400">
            What the image shows, for people who cannot see it. Leave it empty only for an image
            that is pure decoration.
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{inserting ? "Insert image" : "Save alt text"}</Button>
        </div>
      </form>
    </>
  );
}
