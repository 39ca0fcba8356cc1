import { ImageIcon, UploadIcon, XIcon } from "lucide-react";
import * as React from "react";
import { useController, useFormContext } from "react-hook-form";
import { MediaLibraryButton } from "#app/components/media/media-library-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { isApiError } from "#app/lib/api-client.ts";
import { cn } from "#app/lib/cn.ts";
import { imageFileRefusal, uploadFailureMessage } from "#app/lib/image-file.ts";
import { useUploadImage } from "#app/lib/upload-image.ts";
import { UPLOAD_IMAGE_ACCEPT } from "#common/constants.ts";
import { isImageReference } from "#common/schemas/app.ts";
import type { MediaItem } from "#common/types/media.ts";
import { type ControlsProps, FileControls } from "./file-image-controls.tsx";

export type ImageFieldProps = {
  /** The form field that holds the image: an address, or what an upload answered. */
  name: string;
  label: string;
  description: React.ReactNode;
  /**
   * `address`: the address is typed in (https or /uploads/) or filled in by an Upload button,
   * with a small preview beside it. `file`: a drop zone with a Choose image button (and
   * paste), with a large preview above it that has its own Remove button.
   */
  variant: "address" | "file";
  /** The preview's shape. */
  previewClassName: string;
  /** The preview's alternative text; `{label} preview` by default. */
  previewAlt?: string;
  /** The preview's intrinsic size, when known. */
  previewSize?: { width: number; height: number };
  /** The message of a failed upload; the server's reason or what went wrong by default. */
  describeFailure?: (error: unknown) => string;
  /** Told of every upload that failed (not of a file refused before it was sent). */
  onUploadFailed?: (error: unknown) => void;
  /** Called after Remove cleared the image, to clear what belongs to it. */
  onRemove?: () => void;
  /** Called after an image of the media library was chosen, with its alt text (as edited). */
  onPicked?: (item: MediaItem, alt: string) => void;
};

/**
 * An image field of a dashboard form: a PNG or JPEG uploaded through POST /api/upload/image
 * (with its progress) and previewed, that can be removed again. The apps form uses it for an
 * app's logo and picture (`address`), the post editor for the featured image (`file`).
 */
export function ImageField({
  name,
  label,
  description,
  variant,
  describeFailure = uploadFailureMessage,
  onUploadFailed,
  onRemove,
  onPicked,
  ...preview
}: ImageFieldProps) {
  const form = useFormContext();
  const { field, fieldState } = useController({ control: form.control, name });
  const upload = useUploadImage();
  const [progress, setProgress] = React.useState<number | null>(null);
  const fileInput = React.useRef<HTMLInputElement>(null);
  const id = React.useId();
  const error = fieldState.error?.message;
  const ids = { input: `${id}-input`, description: `${id}-description`, error: `${id}-error` };

  async function onFile(file: File | undefined) {
    if (!file) return;
    form.clearErrors(name);
    // The server's own refusals, said before the file is sent.
    const refusal = imageFileRefusal(file);
    if (refusal) {
      form.setError(name, { type: "upload", message: refusal });
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setProgress(0);
    try {
      const { url } = await upload.mutateAsync({ file, onProgress: setProgress });
      field.onChange(url);
      form.clearErrors(name);
    } catch (failure) {
      onUploadFailed?.(failure);
      // Signed out: the sign-in redirect says all there is to say.
      if (!isApiError(failure, 401)) {
        form.setError(name, { type: "upload", message: describeFailure(failure) });
      }
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  const controls: ControlsProps = {
    ...preview,
    label,
    field,
    control: {
      id: ids.input,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${ids.description} ${ids.error}` : ids.description,
    },
    uploading: progress !== null,
    fileInput,
    onFile: (file) => void onFile(file),
    remove: () => {
      field.onChange("");
      form.clearErrors(name);
      onRemove?.();
    },
  };
  return (
    <div data-slot="image-field">
      <Label htmlFor={ids.input}>{label}</Label>
      {variant === "address" ? <AddressControls {...controls} /> : <FileControls {...controls} />}
      <MediaLibraryButton
        label={label}
        onPick={(item, alt) => {
          field.onChange(item.url);
          form.clearErrors(name);
          onPicked?.(item, alt);
        }}
      />
      <p id={ids.description} className="mt-1.5 text-xs text-zinc-400">
        {description}
      </p>
      {progress !== null ? <UploadProgress progress={progress} /> : null}
      {error ? (
        <p
          id={ids.error}
          // An upload's failure arrives unasked, so it is announced.
          role={fieldState.error?.type === "upload" ? "alert" : undefined}
          className="mt-1.5 text-sm text-redstone-400"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Typed in or uploaded: the page may show only its own files and https images (its CSP). */
function addressPreviewSrc(value: string): string | null {
  const trimmed = value.trim();
  if (!isImageReference(trimmed)) return null;
  return trimmed.startsWith("/uploads/") || trimmed.startsWith("https://") ? trimmed : null;
}

/** A small preview beside the address, with Upload and Remove buttons under it. */
function AddressControls({
  label,
  previewClassName,
  previewAlt,
  field,
  control,
  uploading,
  fileInput,
  onFile,
  remove,
}: ControlsProps) {
  return (
    <div className="flex items-start gap-3">
      <div
        className={cn(
          "grid shrink-0 place-items-center overflow-hidden rounded-md bg-night-800 ring-1 ring-night-600",
          previewClassName,
        )}
      >
        <FallbackImage
          src={addressPreviewSrc(field.value)}
          alt={previewAlt ?? `${label} preview`}
          className="size-full object-cover"
          fallback={<ImageIcon aria-hidden="true" className="size-6 text-zinc-500" />}
        />
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <Input
          {...control}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder="https://… or upload a file"
          inputMode="url"
          autoComplete="off"
        />
        <div className="flex flex-wrap gap-2">
          <input
            ref={fileInput}
            type="file"
            accept={UPLOAD_IMAGE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={`${label} file`}
            onChange={(event) => onFile(event.target.files?.[0])}
          />
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
          >
            <UploadIcon aria-hidden="true" />
            {uploading ? "Uploading..." : `Upload ${label.toLowerCase()}`}
          </Button>
          {field.value ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={remove}
              aria-label={`Remove ${label.toLowerCase()}`}
            >
              <XIcon aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function UploadProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div className="mt-2 flex items-center gap-3">
      <progress
        aria-label="Upload progress"
        max={100}
        value={percent}
        className="h-2 flex-1 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-night-800 [&::-webkit-progress-value]:bg-grass-500"
      />
      <span className="text-xs text-zinc-300" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
