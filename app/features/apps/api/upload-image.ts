import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { UPLOAD_IMAGE_FIELD } from "#common/constants.ts";
import type { UploadedImage } from "#common/types/youtube.ts";

/** Stores an image file on the server; answers where it is served (`/uploads/{name}`). */
export function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append(UPLOAD_IMAGE_FIELD, file);
  return apiRequest<UploadedImage>("/api/upload/image", { method: "POST", body });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
