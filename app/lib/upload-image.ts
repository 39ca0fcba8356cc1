import { useMutation } from "@tanstack/react-query";
import { UPLOAD_IMAGE_FIELD } from "#common/constants.ts";
import type { UploadedImage } from "#common/types/youtube.ts";
import { apiUpload, type UploadOptions } from "./api-client.ts";

export type UploadImageInput = UploadOptions & {
  file: File;
  /** The image's description: the media item it becomes keeps it as its alt text. */
  alt?: string | undefined;
};

/**
 * POST /api/upload/image: stores a PNG or JPEG file on the server, sent as multipart with the
 * file in the field `image`, reporting its progress; answers where it is served
 * (`/uploads/{name}`). The apps form and the post editor both upload through it.
 */
export function uploadImage({ file, alt, ...options }: UploadImageInput): Promise<UploadedImage> {
  const form = new FormData();
  if (alt) form.append("alt", alt);
  form.append(UPLOAD_IMAGE_FIELD, file);
  return apiUpload<UploadedImage>("/api/upload/image", form, options);
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
