import { useFormContext, useWatch } from "react-hook-form";
import { ImageField } from "#app/components/dashboard/image-field.tsx";
import { FormField } from "#app/components/ui/form.tsx";
import { Input } from "#app/components/ui/input.tsx";
import type { PostEditorValues } from "#app/features/post-editor/post-form.ts";
import { FEATURED_IMAGE_SIZE, MAX_UPLOAD_BYTES } from "#common/constants.ts";

/**
 * The featured image: a PNG or JPEG uploaded with a progress bar, then previewed, with a
 * remove button and its description (alt text).
 */
export function FeaturedImageField() {
  const form = useFormContext<PostEditorValues>();
  const [image, alt, title] = useWatch({
    control: form.control,
    name: ["featuredImage", "featuredImageAlt", "title"],
  });
  const { width, height } = FEATURED_IMAGE_SIZE;

  return (
    <div data-slot="featured-image-field" className="space-y-4">
      <ImageField
        variant="file"
        name="featuredImage"
        label="Featured image"
        description={`PNG or JPEG, up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Recommended size: ${width}x${height} px.`}
        previewClassName="aspect-[1200/630]"
        previewSize={FEATURED_IMAGE_SIZE}
        previewAlt={alt || `Featured image of ${title || "this post"}`}
        onUploadFailed={(error) => console.error("Failed to upload image", error)}
        onRemove={() => form.setValue("featuredImageAlt", "", { shouldDirty: true })}
        onPicked={(_item, pickedAlt) =>
          form.setValue("featuredImageAlt", pickedAlt, { shouldDirty: true })
        }
      />
      {image ? (
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
