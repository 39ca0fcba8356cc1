import { MAX_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES, UPLOAD_MESSAGES } from "#common/constants.ts";
import { ApiError } from "./api-client.ts";

/**
 * The rules every image upload of the dashboard shares (the featured image, an app's pictures,
 * images in a post's content), so each says the same thing about the same file
 * (docs/product/departures.md#upload-errors-shown).
 */

/**
 * Why the server would refuse this file, said before it is sent: not a PNG or JPEG, or larger
 * than 10 MB. Null when it may go.
 */
export function imageFileRefusal(file: Pick<File, "type" | "size">): string | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return UPLOAD_MESSAGES.wrongType;
  }
  return file.size > MAX_UPLOAD_BYTES ? UPLOAD_MESSAGES.tooLarge : null;
}

/** What to tell a person about a failed upload: the server's reason when it gave one. */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.serverMessage ?? `The upload failed (${error.message}). Please try again.`;
  }
  return error instanceof Error ? error.message : "The upload failed. Please try again.";
}

/** Markup, comments and spaces: what is left of HTML without them is its text. */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<(?:[^>"']|"[^"]*"|'[^']*')*>|&nbsp;|&#160;|\s/gi;

/**
 * The files a paste into the post's content should upload. A paste that carries text keeps its
 * text, even when it also carries files: a word processor puts a picture of the copied passage
 * beside its HTML, and that picture is not what the person meant to paste. A paste of only files,
 * or of files with HTML that holds nothing but images (what a browser's "Copy image" gives), is
 * uploaded, so the post shows its own copy rather than another site's address.
 */
export function pastedFilesToUpload(files: readonly File[], html: string): File[] {
  if (files.length === 0) return [];
  return html.replace(MARKUP, "") === "" ? [...files] : [];
}
