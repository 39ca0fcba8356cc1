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
import { MAX_UPLOAD_BYTES, UPLOAD_IMAGE_ACCEPT, UPLOAD_IMAGE_TYPES } from "#common/constants.ts";
import { imageSrc } from "#common/images.ts";
import { isImageReference } from "#common/schemas/app.ts";

// The server's own words for the same refusals, said before the file is sent.
const WRONG_TYPE = "Only PNG and JPEG images can be uploaded.";
const TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please choose a smaller one.`;

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

type FieldState = {
  field: ControllerRenderProps;
  error: string | undefined;
  /** True when the error came from an upload: it is announced, as it arrives unasked. */
  uploadError: boolean;
  /** The share of the running upload sent so far (0 to 1), or null when none runs. */
  progress: number | null;
  fileInput: React.RefObject<HTMLInputElement | null>;
  onFile: (file: File | undefined) => void;
  remove: () => void;
  ids: { input: string; description: string; error: string };
};

/**
 * An image field of a dashboard form: a PNG or JPEG uploaded through POST /api/upload/image
 * (with its progress) and previewed, that can be removed again. The apps form uses it for an
 * app's logo and picture (`address`), the post editor for the featured image (`file`).
 */
export function ImageField(props: ImageFieldProps) {
  const { name, describeFailure = uploadFailure, onUploadFailed, onRemove } = props;
  const form = useFormContext();
  const { field, fieldState } = useController({ control: form.control, name });
  const upload = useUploadImage();
  const [progress, setProgress] = React.useState<number | null>(null);
  const fileInput = React.useRef<HTMLInputElement>(null);
  const id = React.useId();

  async function onFile(file: File | undefined) {
    if (!file) return;
    form.clearErrors(name);
    const refusal = !(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)
      ? WRONG_TYPE
      : file.size > MAX_UPLOAD_BYTES
        ? TOO_LARGE
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
    } catch (error) {
      onUploadFailed?.(error);
      // Signed out: the sign-in redirect says all there is to say.
      if (!isApiError(error, 401)) {
        form.setError(name, { type: "upload", message: describeFailure(error) });
      }
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  function remove() {
    field.onChange("");
    form.clearErrors(name);
    onRemove?.();
  }

  const state: FieldState = {
    field,
    error: fieldState.error?.message,
    uploadError: fieldState.error?.type === "upload",
    progress,
    fileInput,
    onFile: (file) => void onFile(file),
    remove,
    ids: { input: `${id}-input`, description: `${id}-description`, error: `${id}-error` },
  };
  return props.variant === "address" ? (
    <AddressImageField {...props} state={state} />
  ) : (
    <FileImageField {...props} state={state} />
  );
}

/** Typed in or uploaded: the page may show only its own files and https images (its CSP). */
function addressPreviewSrc(value: string): string | null {
  const trimmed = value.trim();
  if (!isImageReference(trimmed)) return null;
  return trimmed.startsWith("/uploads/") || trimmed.startsWith("https://") ? trimmed : null;
}

function AddressImageField({
  label,
  description,
  previewClassName,
  previewAlt,
  state,
}: ImageFieldProps & { state: FieldState }) {
  const { field, error, ids, progress } = state;
  return (
    <div data-slot="image-field">
      <Label htmlFor={ids.input}>{label}</Label>
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
            id={ids.input}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            placeholder="https://… or upload a file"
            inputMode="url"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={[ids.description, error ? ids.error : null].filter(Boolean).join(" ")}
          />
          <div className="flex flex-wrap gap-2">
            <input
              ref={state.fileInput}
              type="file"
              accept={UPLOAD_IMAGE_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-label={`${label} file`}
              onChange={(event) => state.onFile(event.target.files?.[0])}
            />
            <Button
              type="button"
              size="sm"
              variant="secondary"
              disabled={progress !== null}
              onClick={() => state.fileInput.current?.click()}
            >
              <UploadIcon aria-hidden="true" />
              {progress !== null ? "Uploading..." : `Upload ${label.toLowerCase()}`}
            </Button>
            {field.value ? (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={state.remove}
                aria-label={`Remove ${label.toLowerCase()}`}
              >
                <XIcon aria-hidden="true" />
                Remove
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      <p id={ids.description} className="mt-1.5 text-xs text-zinc-400">
        {description}
      </p>
      <UploadProgress progress={progress} />
      <FieldError state={state} />
    </div>
  );
}

function FileImageField({
  label,
  description,
  previewClassName,
  previewAlt,
  previewSize,
  state,
}: ImageFieldProps & { state: FieldState }) {
  const { field, error, ids, progress } = state;
  // Stored values are file names, uploaded addresses, https images or data: images.
  const src = imageSrc(field.value);
  return (
    <div data-slot="image-field">
      <Label htmlFor={ids.input}>{label}</Label>
      {src ? (
        <figure className="mb-3 overflow-hidden rounded-lg bg-night-900 ring-1 ring-night-700">
          <img
            src={src}
            alt={previewAlt ?? `${label} preview`}
            width={previewSize?.width}
            height={previewSize?.height}
            className={cn("w-full object-cover", previewClassName)}
          />
          <figcaption className="flex items-center justify-between gap-3 p-2">
            <span className="truncate text-xs text-zinc-400">{`${label} preview`}</span>
            <Button type="button" size="sm" variant="secondary" onClick={state.remove}>
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
        ref={(element) => {
          state.fileInput.current = element;
          field.ref(element);
        }}
        id={ids.input}
        type="file"
        accept={UPLOAD_IMAGE_ACCEPT}
        disabled={progress !== null}
        onChange={(event) => state.onFile(event.target.files?.[0])}
        aria-describedby={[ids.description, error ? ids.error : null].filter(Boolean).join(" ")}
        aria-invalid={error ? true : undefined}
        className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-night-700 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-zinc-100"
      />
      <p id={ids.description} className="mt-1.5 text-xs text-zinc-400">
        {description}
      </p>
      <UploadProgress progress={progress} />
      <FieldError state={state} />
    </div>
  );
}

function UploadProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
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

function FieldError({ state }: { state: FieldState }) {
  if (!state.error) return null;
  return (
    <p
      id={state.ids.error}
      role={state.uploadError ? "alert" : undefined}
      className="mt-1.5 text-sm text-redstone-400"
    >
      {state.error}
    </p>
  );
}
