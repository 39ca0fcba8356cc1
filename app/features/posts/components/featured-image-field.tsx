import { ImageIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import { FormField } from "#app/components/ui/form.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { useUploadImage } from "#app/features/posts/api/upload-image.ts";
import type { PostEditorValues } from "#app/features/posts/post-form.ts";
import { ApiError, isApiError } from "#app/lib/api-client.ts";
import { FEATURED_IMAGE_SIZE, MAX_UPLOAD_BYTES, UPLOAD_IMAGE_ACCEPT } from "#common/constants.ts";
import { imageSrc } from "#common/images.ts";

/** What to tell a person about a failed upload: the server's reason when it gave one. */
function uploadFailure(error: unknown): string {
  if (error instanceof ApiError) {
    return error.serverMessage ?? `The upload failed (${error.message}). Please try again.`;
  }
  return error instanceof Error ? error.message : "The upload failed. Please try again.";
}

/**
 * The featured image: a PNG or JPEG uploaded through POST /api/upload/image with a progress
 * bar, then previewed, with a remove button and its description (alt text).
 */
export function FeaturedImageField() {
  const form = useFormContext<PostEditorValues>();
  const image = useWatch({ control: form.control, name: "featuredImage" });
  const alt = useWatch({ control: form.control, name: "featuredImageAlt" });
  const title = useWatch({ control: form.control, name: "title" });
  const { errors } = useFormState({ control: form.control, name: "featuredImage" });
  const fieldError = errors.featuredImage?.message;
  const upload = useUploadImage();
  const [progress, setProgress] = React.useState<number | null>(null);
  const [uploadError, setUploadError] = React.useState<string | null>(null);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const id = React.useId();
  const src = imageSrc(image);
  const error = uploadError ?? fieldError ?? null;

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    try {
      const { url } = await upload.mutateAsync({ file, onProgress: setProgress });
      form.setValue("featuredImage", url, { shouldDirty: true });
      form.clearErrors("featuredImage");
    } catch (failure) {
      console.error("Failed to upload image", failure);
      // Signed out: the sign-in redirect says all there is to say.
      if (!isApiError(failure, 401)) setUploadError(uploadFailure(failure));
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = "";
    }
  }

  function remove() {
    form.setValue("featuredImage", "", { shouldDirty: true });
    form.setValue("featuredImageAlt", "", { shouldDirty: true });
    setUploadError(null);
  }

  return (
    <div data-slot="featured-image-field" className="space-y-4">
      <div>
        <Label htmlFor={`${id}-file`}>Featured image</Label>
        {src ? (
          <figure className="mb-3 overflow-hidden rounded-lg bg-night-900 ring-1 ring-night-700">
            <img
              src={src}
              alt={alt || `Featured image of ${title || "this post"}`}
              width={FEATURED_IMAGE_SIZE.width}
              height={FEATURED_IMAGE_SIZE.height}
              className="aspect-[1200/630] w-full object-cover"
            />
            <figcaption className="flex items-center justify-between gap-3 p-2">
              <span className="truncate text-xs text-zinc-400">Featured image preview</span>
              <Button type="button" size="sm" variant="secondary" onClick={remove}>
                <Trash2Icon aria-hidden="true" />
                Remove image
              </Button>
            </figcaption>
          </figure>
        ) : (
          <div
            aria-hidden="true"
            className="pixel-grid mb-3 flex aspect-[1200/630] max-h-48 w-full items-center justify-center rounded-lg bg-night-900 text-night-600 ring-1 ring-night-700"
          >
            <ImageIcon className="size-8" />
          </div>
        )}
        <Input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept={UPLOAD_IMAGE_ACCEPT}
          disabled={progress !== null}
          onChange={(event) => void onFile(event.target.files?.[0])}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-night-700 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-zinc-100"
        />
        <p id={`${id}-help`} className="mt-1.5 text-xs text-zinc-400">
          PNG or JPEG, up to {MAX_UPLOAD_BYTES / 1024 / 1024} MB. Recommended size:{" "}
          {FEATURED_IMAGE_SIZE.width}x{FEATURED_IMAGE_SIZE.height} px.
        </p>
        {progress !== null ? (
          <div className="mt-2 flex items-center gap-3">
            <progress
              aria-label="Upload progress"
              max={100}
              value={Math.round(progress * 100)}
              className="h-2 flex-1 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-night-800 [&::-webkit-progress-value]:bg-grass-500"
            />
            <span className="text-xs text-zinc-300" aria-hidden="true">
              {Math.round(progress * 100)}%
            </span>
          </div>
        ) : null}
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-redstone-400">
            {error}
          </p>
        ) : null}
      </div>
      {src ? (
        <FormField
          name="featuredImageAlt"
          label="Image description (alt text)"
          description="What the image shows, for people who cannot see it."
          render={(field, control) => (
            <Input {...field} {...control} autoComplete="off" value={field.value ?? ""} />
          )}
        />
      ) : null}
    </div>
  );
}
