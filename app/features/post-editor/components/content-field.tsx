import * as React from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Label } from "#app/components/ui/label.tsx";
import type { PostEditorValues } from "#app/features/post-editor/post-form.ts";
import { useUploadImage } from "#app/lib/upload-image.ts";

// TipTap is loaded only here, when a post is edited: it stays out of the public pages' and the
// rest of the dashboard's bundles (docs/benchmarks.md, "Editor bundle").
const RichTextEditor = React.lazy(() => import("#app/components/editor/rich-text-editor.tsx"));

/**
 * The post's content, in the rich-text editor (loaded on demand). Images put into it upload
 * through POST /api/upload/image like the featured image, and a failure is logged the same way.
 */
export function ContentField({ siteUrl }: { siteUrl: string | null }) {
  const { control } = useFormContext<PostEditorValues>();
  const id = React.useId();
  const upload = useUploadImage();
  const uploadImage = React.useCallback(
    (file: File, onProgress: (fraction: number) => void, alt?: string) =>
      upload.mutateAsync({ file, onProgress, alt }).catch((error: unknown) => {
        console.error("Failed to upload image", error);
        throw error;
      }),
    [upload.mutateAsync],
  );
  return (
    <Controller
      control={control}
      name="content"
      render={({ field, fieldState }) => (
        <div data-slot="form-field">
          <Label id={`${id}-label`}>Content</Label>
          <React.Suspense
            fallback={
              <div
                role="status"
                className="flex min-h-[400px] items-center justify-center rounded-md bg-night-950 text-sm text-zinc-400 ring-1 ring-night-600"
              >
                Loading editor...
              </div>
            }
          >
            <RichTextEditor
              id={`${id}-input`}
              labelledBy={`${id}-label`}
              describedBy={fieldState.error ? `${id}-error` : undefined}
              invalid={Boolean(fieldState.error)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              siteUrl={siteUrl}
              contentClassName="min-h-[400px]"
              uploadImage={uploadImage}
            />
          </React.Suspense>
          {fieldState.error?.message ? (
            <p id={`${id}-error`} className="mt-1.5 text-sm text-redstone-400">
              {fieldState.error.message}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}
