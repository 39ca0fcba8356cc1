import { ImageIcon, Trash2Icon, UploadIcon } from "lucide-react";
import * as React from "react";
import type { ControllerRenderProps } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { UPLOAD_IMAGE_ACCEPT } from "#common/constants.ts";
import { imageSrc } from "#common/images.ts";

/** What an image field's controls are given (both layouts, see ImageField). */
export type ControlsProps = {
  label: string;
  /** The preview's shape. */
  previewClassName: string;
  previewAlt?: string;
  previewSize?: { width: number; height: number };
  field: ControllerRenderProps;
  /** The id, invalid flag and description link of the field's control. */
  control: { id: string; "aria-invalid": true | undefined; "aria-describedby": string };
  uploading: boolean;
  fileInput: React.RefObject<HTMLInputElement | null>;
  onFile: (file: File | undefined) => void;
  remove: () => void;
};

/** Texts of the drop zone (docs/product/editor.md#editor). */
export const DROP_ZONE_TEXT = {
  idle: "Drag a PNG or JPEG image here, or paste one.",
  dragging: "Drop the image to upload it.",
} as const;

/** Whether a drag carries files (not text or a link being dragged across the page). */
function carriesFiles(event: React.DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes("Files");
}

/**
 * The `file` layout: a large preview with its own Remove button, above a drop zone with a
 * `Choose image` button. A file comes in by the button (the file input behind it, which stays
 * the field's labelled control), by dropping it on the zone, or by pasting it while the field
 * has focus; all three go through the same checks.
 */
export function FileControls(props: ControlsProps) {
  const { field, fileInput, uploading, onFile } = props;
  const { dragging, handlers } = useDropZone(uploading, onFile);
  // Stored values are file names, uploaded addresses, https images or data: images.
  const src = imageSrc(field.value);

  return (
    // A paste reaches this box from the focused button inside it.
    <div
      className="space-y-3"
      onPaste={(event) => {
        const file = event.clipboardData.files[0];
        if (!file) return;
        event.preventDefault();
        if (!uploading) onFile(file);
      }}
    >
      {src ? <ImagePreview {...props} src={src} /> : null}
      {/* Dropping is the pointer's way in; the button inside is the keyboard's. */}
      <div
        data-slot="image-drop-zone"
        data-dragging={dragging ? "" : undefined}
        {...handlers}
        className={cn(
          "pixel-grid flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed border-night-600 bg-night-900 px-4 py-6 text-center transition-colors",
          "data-dragging:border-grass-400 data-dragging:bg-grass-500/10",
          src ? "py-4" : "min-h-40",
        )}
      >
        {dragging ? (
          <UploadIcon aria-hidden="true" className="size-8 text-grass-300" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-8 text-night-600" />
        )}
        <p className="text-sm text-zinc-300">
          {dragging ? DROP_ZONE_TEXT.dragging : DROP_ZONE_TEXT.idle}
        </p>
        <input
          {...props.control}
          ref={fileInput}
          name={field.name}
          type="file"
          accept={UPLOAD_IMAGE_ACCEPT}
          // The button below is the way in by keyboard; the input is its file chooser.
          tabIndex={-1}
          disabled={uploading}
          onChange={(event) => onFile(event.target.files?.[0])}
          className="sr-only"
        />
        <Button
          ref={field.ref}
          type="button"
          size="sm"
          variant="secondary"
          disabled={uploading}
          aria-describedby={props.control["aria-describedby"]}
          onClick={() => fileInput.current?.click()}
          onBlur={field.onBlur}
        >
          <UploadIcon aria-hidden="true" />
          {uploading ? "Uploading..." : "Choose image"}
        </Button>
      </div>
    </div>
  );
}

/** The image the field holds, large, with its own Remove button. */
function ImagePreview({
  label,
  previewAlt,
  previewSize,
  previewClassName,
  remove,
  src,
}: ControlsProps & { src: string }) {
  return (
    <figure className="overflow-hidden rounded-lg bg-night-900 ring-1 ring-night-700">
      <img
        src={src}
        alt={previewAlt ?? `${label} preview`}
        width={previewSize?.width}
        height={previewSize?.height}
        className={cn("w-full object-cover", previewClassName)}
      />
      <figcaption className="flex items-center justify-between gap-3 p-2">
        <span className="truncate text-xs text-zinc-400">{`${label} preview`}</span>
        <Button type="button" size="sm" variant="secondary" onClick={remove}>
          <Trash2Icon aria-hidden="true" />
          Remove image
        </Button>
      </figcaption>
    </figure>
  );
}

/**
 * A drop zone for one file: whether files are dragged over it, and its drag handlers. Text or a
 * link dragged across the page is left to the browser.
 */
function useDropZone(uploading: boolean, onFile: (file: File | undefined) => void) {
  const [dragging, setDragging] = React.useState(false);
  // dragenter and dragleave fire for every element inside the zone; the zone is left when the
  // count is back to zero.
  const depth = React.useRef(0);
  const handlers = {
    onDragEnter: (event: React.DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: React.DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser would open the file instead of handing it over.
      event.preventDefault();
      event.dataTransfer.dropEffect = uploading ? "none" : "copy";
    },
    onDragLeave: (event: React.DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: React.DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      if (!uploading) onFile(event.dataTransfer.files[0]);
    },
  };
  return { dragging, handlers };
}
