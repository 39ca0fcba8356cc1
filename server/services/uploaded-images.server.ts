import type { UploadedImage } from "#common/types/youtube.ts";
import type { UploadStore } from "#server/storage/upload-store.server.ts";
import { storeImage } from "#server/storage/uploads.server.ts";

/**
 * Stores an image uploaded from the dashboard (the editor's image button, an image field)
 * through the upload pipeline, and answers the address it is served at.
 */
export async function storeUploadedImage(
  uploads: UploadStore,
  bytes: Uint8Array,
): Promise<UploadedImage> {
  const stored = await storeImage(uploads, bytes);
  return { url: `/uploads/${stored.name}` };
}
