import { ImageIcon, Trash2Icon, UploadIcon, XIcon } from "lucide-react";
import * as React from "react";
import { type ControllerRenderProps, useController, useFormContext } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { ApiError, isApiError } from "#app/lib/api-client.ts";
import { cn } from "#app/lib/cn.ts";
import { useUploadImage } from "#app/lib/upload-image.ts";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_IMAGE_ACCEPT,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MESSAGES,
} from "#common/constants.ts";
import { imageSrc } from "#common/images.ts";
import { isImageReference } from "#common/schemas/app.ts";

/** What to tell a person about a failed upload: the server's reason when it gave one. */
function uploadFailure(error: unknown): string {
  if (error instanceof ApiError) {
    return error.serverMessage ?? `The upload failed (${error.message}). Please try again.`;
  }
  return error instanceof Error ? error.message : "The upload failed. Please try again.";
}

export type ImageFieldProps = {
  /** The form field that holds the image: an address, or what an upload answered. */
  name: string;
  label: string;
  description: React.ReactNode;
  /**
   * `address`: the address is typed in (https or /uploads/) or filled in by an Upload button,
   * with a small preview beside it. `file`: the file input is the field, with a large preview
   * above it that has its own Remove button.
   */
  variant: "address" | "file";
  /** The preview's shape (and, for `file`, the empty placeholder's). */
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
};

/** What the two layouts' controls are given. */
type ControlsProps = Pick<
  ImageFieldProps,
  "label" | "previewClassName" | "previewAlt" | "previewSize"
> & {
  field: ControllerRenderProps;
  /** The id, invalid flag and description link of the field's control. */
  control: { id: string; "aria-invalid": true | undefined; "aria-describedby": string };
  uploading: boolean;
  fileInput: React.RefObject<HTMLInputElement | null>;
  onFile: (file: File | undefined) => void;
  remove: () => void;
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
  describeFailure = uploadFailure,
  onUploadFailed,
  onRemove,
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
    const refusal = !(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)
      ? UPLOAD_MESSAGES.wrongType
      : file.size > MAX_UPLOAD_BYTES
        ? UPLOAD_MESSAGES.tooLarge
        : null;
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

/** A large preview (with its own Remove button) or a placeholder, above the file input. */
function FileControls(props: ControlsProps) {
  const { label, previewClassName, field, fileInput } = props;
  // Stored values are file names, uploaded addresses, https images or data: images.
  const src = imageSrc(field.value);
  return (
    <>
      {src ? (
        <figure className="mb-3 overflow-hidden rounded-lg bg-night-900 ring-1 ring-night-700">
          <img
            src={src}
            alt={props.previewAlt ?? `${label} preview`}
            width={props.previewSize?.width}
            height={props.previewSize?.height}
            className={cn("w-full object-cover", previewClassName)}
          />
          <figcaption className="flex items-center justify-between gap-3 p-2">
            <span className="truncate text-xs text-zinc-400">{`${label} preview`}</span>
            <Button type="button" size="sm" variant="secondary" onClick={props.remove}>
              <Trash2Icon aria-hidden="true" />
              Remove image
            </Button>
          </figcaption>
        </figure>
      ) : (
        <div
          aria-hidden="true"
          className={cn(
            "pixel-grid mb-3 flex max-h-48 w-full items-center justify-center rounded-lg bg-night-900 text-night-600 ring-1 ring-night-700",
            previewClassName,
          )}
        >
          <ImageIcon className="size-8" />
        </div>
      )}
      <Input
        {...props.control}
        ref={(element) => {
          fileInput.current = element;
          field.ref(element);
        }}
        type="file"
        accept={UPLOAD_IMAGE_ACCEPT}
        disabled={props.uploading}
        onChange={(event) => props.onFile(event.target.files?.[0])}
        className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-night-700 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-zinc-100"
      />
    </>
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
