import { UPLOADS_PATH } from "#common/editor/allowed-html.ts";
import { IMAGE_DATA_URL } from "#common/schemas/post.ts";
import { HttpError } from "#server/errors.ts";
import type { UploadStore } from "#server/storage/upload-store.server.ts";
import { type StoredImage, storeImage, uploadFileExists } from "#server/storage/uploads.server.ts";

const IMAGE_MISSING = {
  featuredImage: "The featured image is not among the uploaded files. Please upload it again.",
  socialImage: "The social image is not among the uploaded files. Please upload it again.",
} as const;

/**
 * The featured image as stored: a data: URL becomes an upload file (through the upload
 * pipeline), "/uploads/{name}" becomes {name}, http(s) URLs stay, and a bare name must be an
 * existing upload file. The value the post already has is kept as it is. `field` names the form
 * field a refusal is about: the featured image, or the social image resolved the same way.
 */
export async function resolveFeaturedImage(
  uploads: UploadStore,
  value: string | null,
  current: string | null | undefined,
  { field = "featuredImage" }: { field?: keyof typeof IMAGE_MISSING } = {},
): Promise<{ value: string | null; stored?: StoredImage }> {
  if (value === null) return { value: null };
  if (value === current) return { value };
  const dataUrl = IMAGE_DATA_URL.exec(value);
  if (dataUrl) {
    const bytes = Buffer.from(dataUrl[2] ?? "", "base64");
    try {
      const stored = await storeImage(uploads, bytes);
      return { value: stored.name, stored };
    } catch (error) {
      // In a form field, a refused image is a problem with that field.
      if (error instanceof HttpError && error.status < 500) {
        throw HttpError.badRequest(error.message, { [field]: error.message });
      }
      throw error;
    }
  }
  if (/^https?:/i.test(value)) return { value };
  const name = value.startsWith(UPLOADS_PATH) ? value.slice(UPLOADS_PATH.length) : value;
  if (name === current) return { value: name };
  if (!(await uploadFileExists(uploads, name))) {
    throw HttpError.badRequest(IMAGE_MISSING[field], { [field]: IMAGE_MISSING[field] });
  }
  return { value: name };
}
