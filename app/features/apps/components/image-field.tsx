import { ImageIcon, UploadIcon, XIcon } from "lucide-react";
import * as React from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { useUploadImage } from "#app/features/apps/api/upload-image.ts";
import type { AppFormFields } from "#app/features/apps/app-form.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { cn } from "#app/lib/cn.ts";
import { MAX_UPLOAD_BYTES, UPLOAD_IMAGE_ACCEPT, UPLOAD_IMAGE_TYPES } from "#common/constants.ts";
import { isImageReference } from "#common/schemas/app.ts";

// The server's own words for the same refusals, said before the file is sent.
const WRONG_TYPE = "Only PNG and JPEG images can be uploaded.";
const TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please choose a smaller one.`;

/** The page may show only images from the site itself and https addresses (its CSP). */
function previewSrc(value: string): string | null {
  const trimmed = value.trim();
  if (!isImageReference(trimmed)) return null;
  return trimmed.startsWith("/uploads/") || trimmed.startsWith("https://") ? trimmed : null;
}

/**
 * An image of an app (its logo or its picture): an uploaded file or an http(s) address, with a
 * preview. Uploading fills in the address the server answers with.
 */
export function ImageField({
  name,
  label,
  description,
  previewClassName,
}: {
  name: "logoUrl" | "imageUrl";
  label: string;
  description: string;
  /** The preview's shape (square for a logo, wide for a picture). */
  previewClassName: string;
}) {
  const form = useFormContext<AppFormFields>();
  const upload = useUploadImage();
  const fileInput = React.useRef<HTMLInputElement>(null);
  const id = React.useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;

  async function onFile(file: File, setValue: (value: string) => void) {
    if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      form.setError(name, { type: "upload", message: WRONG_TYPE });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      form.setError(name, { type: "upload", message: TOO_LARGE });
      return;
    }
    try {
      const { url } = await upload.mutateAsync(file);
      setValue(url);
      form.clearErrors(name);
    } catch (error) {
      if (isApiError(error, 401)) return;
      form.setError(name, {
        type: "upload",
        message: errorMessage(error, "Failed to upload image"),
      });
    }
  }

  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const src = previewSrc(field.value);
        return (
          <div data-slot="image-field">
            <Label htmlFor={id}>{label}</Label>
            <div className="flex items-start gap-3">
              <div
                className={cn(
                  "grid shrink-0 place-items-center overflow-hidden rounded-md bg-night-800 ring-1 ring-night-600",
                  previewClassName,
                )}
              >
                <FallbackImage
                  src={src}
                  alt={`${label} preview`}
                  className="size-full object-cover"
                  fallback={<ImageIcon aria-hidden="true" className="size-6 text-zinc-500" />}
                />
              </div>
              <div className="min-w-0 flex-1 space-y-2">
                <Input
                  id={id}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder="https://… or upload a file"
                  inputMode="url"
                  autoComplete="off"
                  aria-invalid={fieldState.error ? true : undefined}
                  aria-describedby={
                    [descriptionId, fieldState.error ? errorId : null].filter(Boolean).join(" ") ||
                    undefined
                  }
                />
                <div className="flex flex-wrap gap-2">
                  <input
                    ref={fileInput}
                    type="file"
                    accept={UPLOAD_IMAGE_ACCEPT}
                    className="sr-only"
                    tabIndex={-1}
                    aria-label={`${label} file`}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = "";
                      if (file) void onFile(file, field.onChange);
                    }}
                  />
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    disabled={upload.isPending}
                    onClick={() => fileInput.current?.click()}
                  >
                    <UploadIcon aria-hidden="true" />
                    {upload.isPending ? "Uploading..." : `Upload ${label.toLowerCase()}`}
                  </Button>
                  {field.value ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        field.onChange("");
                        form.clearErrors(name);
                      }}
                      aria-label={`Remove ${label.toLowerCase()}`}
                    >
                      <XIcon aria-hidden="true" />
                      Remove
                    </Button>
                  ) : null}
                </div>
              </div>
            </div>
            <p id={descriptionId} className="mt-1.5 text-xs text-zinc-400">
              {description}
            </p>
            {fieldState.error?.message ? (
              <p id={errorId} className="mt-1.5 text-sm text-redstone-400">
                {fieldState.error.message}
              </p>
            ) : null}
          </div>
        );
      }}
    />
  );
}
