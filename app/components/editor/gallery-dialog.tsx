import { XIcon } from "lucide-react";
import * as React from "react";
import { MediaLibraryButton } from "#app/components/media/media-library-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { errorMessage } from "#app/lib/api-client.ts";
import { imageFileRefusal } from "#app/lib/image-file.ts";
import { UPLOAD_IMAGE_ACCEPT } from "#common/constants.ts";
import {
  GALLERY_CAPTION_MAX,
  GALLERY_MAX_IMAGES,
  type GalleryImage,
} from "#common/editor/embed-markup.ts";
import type { UploadImageFile } from "./use-image-uploads.ts";

type Row = GalleryImage & { key: string };

let nextKey = 0;
const withKey = (image: GalleryImage): Row => ({ ...image, key: `image-${nextKey++}` });

/**
 * An image gallery's images (docs/decisions/041-embed-cards.md): files uploaded here or picked
 * from the media library (with its alt text and caption), each with its description (alt text)
 * and an optional caption, in the order they are shown. Opened on a
 * selected gallery, it edits that one.
 */
export function GalleryDialog({
  images,
  onOpenChange,
  onClosed,
  onSave,
  uploadImage,
}: {
  /** The gallery's images (none for a new gallery); null while closed. */
  images: GalleryImage[] | null;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
  onSave: (images: GalleryImage[]) => void;
  uploadImage: UploadImageFile;
}) {
  return (
    <Dialog open={images !== null} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby="gallery-dialog-description"
        className="max-h-[90vh] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogTitle>{images?.length ? "Edit gallery" : "Insert gallery"}</DialogTitle>
        <DialogDescription id="gallery-dialog-description">
          Up to {GALLERY_MAX_IMAGES} images, each with a description and a caption. Visitors see
          them as a grid.
        </DialogDescription>
        {images ? (
          <GalleryForm
            initial={images}
            onSave={onSave}
            onCancel={() => onOpenChange(false)}
            uploadImage={uploadImage}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function GalleryForm({
  initial,
  onSave,
  onCancel,
  uploadImage,
}: {
  initial: GalleryImage[];
  onSave: (images: GalleryImage[]) => void;
  onCancel: () => void;
  uploadImage: UploadImageFile;
}) {
  const [rows, setRows] = React.useState<Row[]>(() => initial.map(withKey));
  const [uploading, setUploading] = React.useState(0);
  const [error, setError] = React.useState<string | null>(null);
  const id = React.useId();

  async function add(files: File[]) {
    setError(null);
    const room = GALLERY_MAX_IMAGES - rows.length - uploading;
    for (const file of files.slice(0, Math.max(room, 0))) {
      const refusal = imageFileRefusal(file);
      if (refusal) {
        setError(refusal);
        continue;
      }
      setUploading((count) => count + 1);
      try {
        const { url } = await uploadImage(file, () => {});
        setRows((current) => [...current, withKey({ src: url, alt: "", caption: "" })]);
      } catch (failure) {
        setError(errorMessage(failure, "The image could not be uploaded."));
      } finally {
        setUploading((count) => count - 1);
      }
    }
    if (files.length > room) setError(`A gallery holds up to ${GALLERY_MAX_IMAGES} images.`);
  }

  function change(key: string, patch: Partial<GalleryImage>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The dialog sits outside the post form in the page, but React bubbles through portals.
    event.stopPropagation();
    if (rows.length === 0) {
      setError("Add at least one image.");
      return;
    }
    onSave(rows.map(({ src, alt, caption }) => ({ src, alt: alt.trim(), caption })));
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div>
        <Label htmlFor={`${id}-files`}>Add images</Label>
        <Input
          id={`${id}-files`}
          type="file"
          multiple
          accept={UPLOAD_IMAGE_ACCEPT}
          autoFocus
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = "";
            void add(files);
          }}
          className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-night-700 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-zinc-100"
        />
        <MediaLibraryButton
          label="Gallery image"
          onPick={(item, alt) => {
            if (rows.length + uploading >= GALLERY_MAX_IMAGES) {
              setError(`A gallery holds up to ${GALLERY_MAX_IMAGES} images.`);
              return;
            }
            setError(null);
            const caption = item.caption.slice(0, GALLERY_CAPTION_MAX);
            setRows((current) => [...current, withKey({ src: item.url, alt, caption })]);
          }}
        />
        {uploading > 0 ? (
          <p role="status" className="mt-1.5 text-sm text-zinc-400">
            Uploading {uploading} {uploading === 1 ? "image" : "images"}...
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="mt-1.5 text-sm text-redstone-400">
            {error}
          </p>
        ) : null}
      </div>
      <GalleryRows
        rows={rows}
        onChange={change}
        onRemove={(key) => setRows((current) => current.filter((row) => row.key !== key))}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={uploading > 0}>
          {initial.length > 0 ? "Save gallery" : "Insert gallery"}
        </Button>
      </div>
    </form>
  );
}

/** The gallery's images, each with its description and caption, and a button to remove it. */
function GalleryRows({
  rows,
  onChange,
  onRemove,
}: {
  rows: Row[];
  onChange: (key: string, patch: Partial<GalleryImage>) => void;
  onRemove: (key: string) => void;
}) {
  return (
    <ol aria-label="Gallery images" className="space-y-3">
      {rows.map((row, index) => (
        <li key={row.key} className="flex gap-3 rounded-md bg-night-850 p-2">
          <img src={row.src} alt="" className="size-16 shrink-0 rounded object-cover" />
          <div className="min-w-0 flex-1 space-y-2">
            <Input
              aria-label={`Image ${index + 1} description (alt text)`}
              placeholder="Description (alt text)"
              value={row.alt}
              autoComplete="off"
              onChange={(event) => onChange(row.key, { alt: event.target.value })}
            />
            <Input
              aria-label={`Image ${index + 1} caption`}
              placeholder="Caption"
              value={row.caption}
              maxLength={GALLERY_CAPTION_MAX}
              autoComplete="off"
              onChange={(event) => onChange(row.key, { caption: event.target.value })}
            />
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove image ${index + 1}`}
            onClick={() => onRemove(row.key)}
          >
            <XIcon aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ol>
  );
}
