import { useMutation } from "@tanstack/react-query";
import { ApiError } from "#app/lib/api-client.ts";
import { UPLOAD_IMAGE_FIELD } from "#common/constants.ts";
import type { UploadedImage } from "#common/types/youtube.ts";

export type UploadImageInput = {
  file: File;
  /** Called as the file goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

export const UPLOAD_NETWORK_ERROR =
  "The upload did not reach the server. Check your connection and try again.";

/**
 * POST /api/upload/image, multipart with the file in the field `image`. Sent with
 * XMLHttpRequest rather than fetch, because only it reports upload progress.
 */
export function uploadImage({
  file,
  onProgress,
  signal,
}: UploadImageInput): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/upload/image");
    request.withCredentials = true;
    request.setRequestHeader("accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const text = request.responseText;
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON (a proxy's error page): the text still goes into the error.
      }
      if (request.status >= 200 && request.status < 300) {
        const url = (body as Partial<UploadedImage> | null)?.url;
        if (typeof url === "string") return resolve({ url });
      }
      reject(
        new ApiError(
          request.status,
          request.statusText,
          text,
          body && typeof body === "object" ? (body as { message?: unknown }) : null,
        ),
      );
    });
    request.addEventListener("error", () => reject(new Error(UPLOAD_NETWORK_ERROR)));
    request.addEventListener("abort", () =>
      reject(new DOMException("Upload cancelled", "AbortError")),
    );
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_IMAGE_FIELD, file);
    request.send(form);
  });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
