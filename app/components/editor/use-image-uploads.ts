import type { Editor } from "@tiptap/core";
import * as React from "react";
import { isApiError } from "#app/lib/api-client.ts";
import { imageFileRefusal, uploadFailureMessage } from "#app/lib/image-file.ts";
import {
  addUploadPlaceholder,
  endUpload,
  imageUploadKey,
  imageUploadPlugin,
} from "./image-upload-plugin.ts";

/**
 * Sends one image file (POST /api/upload/image) with its description when it has one, reporting
 * its progress; answers its address.
 */
export type UploadImageFile = (
  file: File,
  onProgress: (fraction: number) => void,
  alt?: string,
) => Promise<{ url: string }>;

/** An upload under way, as the editor's status line shows it. */
export type ImageUpload = { id: string; name: string; progress: number };

/** What the status line under the content says once an upload is over. */
export type UploadNotice = { kind: "failure" | "done"; message: string };

/** Said after a pasted or dropped image arrives, which nobody has described yet. */
const DESCRIBE_IMAGE_HINT =
  "Image added. To describe it for people who cannot see it, select it and press Edit alt text.";

/** Numbers the uploads, so each placeholder has an id of its own in the page. */
let uploadCount = 0;

/**
 * Images uploaded into the content: pasted or dropped files (through imageUploadPlugin) and the
 * toolbar's Insert image. Each file is checked as every image field checks one, then uploads
 * behind a placeholder while the person keeps writing; a refusal or failure is said in the same
 * words as the featured image's (docs/product/editor.md#editor).
 */
export function useImageUploads(editor: Editor | null, uploadImage: UploadImageFile) {
  const [uploads, setUploads] = React.useState<ImageUpload[]>([]);
  const [notice, setNotice] = React.useState<UploadNotice | null>(null);
  const uploadRef = React.useRef(uploadImage);
  React.useEffect(() => {
    uploadRef.current = uploadImage;
  });

  const start = React.useCallback(
    (files: File[], pos: number, alt?: string) => {
      if (!editor || editor.isDestroyed) return;
      // What was said about earlier files is over; a refusal among these files stays said.
      setNotice(null);
      for (const file of files) {
        const refusal = imageFileRefusal(file);
        if (refusal) {
          setNotice({ kind: "failure", message: refusal });
          continue;
        }
        uploadCount += 1;
        const id = `image-upload-${uploadCount}`;
        const placeholder = uploadPlaceholder(file.name);
        addUploadPlaceholder(editor.view, id, pos, placeholder.dom);
        setUploads((current) => [...current, { id, name: file.name, progress: 0 }]);
        const onProgress = (fraction: number) => {
          placeholder.setProgress(fraction);
          setUploads((current) =>
            current.map((upload) =>
              upload.id === id ? { ...upload, progress: fraction } : upload,
            ),
          );
        };
        uploadRef
          .current(file, onProgress, alt || undefined)
          .then(({ url }) => {
            endUpload(editor, id, { src: url, alt: alt ?? "" });
            // A refusal of another file of the same paste or drop stays on screen.
            setNotice((current) => {
              if (current?.kind === "failure") return current;
              return alt === undefined ? { kind: "done", message: DESCRIBE_IMAGE_HINT } : null;
            });
          })
          .catch((failure: unknown) => {
            endUpload(editor, id);
            // Signed out: the sign-in redirect says all there is to say.
            if (!isApiError(failure, 401)) {
              setNotice({ kind: "failure", message: uploadFailureMessage(failure) });
            }
          })
          .finally(() => setUploads((current) => current.filter((upload) => upload.id !== id)));
      }
    },
    [editor],
  );

  const startRef = React.useRef(start);
  React.useEffect(() => {
    startRef.current = start;
  });
  React.useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.registerPlugin(
      imageUploadPlugin({ onFiles: (files, pos) => startRef.current(files, pos) }),
    );
    return () => {
      if (!editor.isDestroyed) editor.unregisterPlugin(imageUploadKey);
    };
  }, [editor]);

  return { uploads, notice, dismissNotice: () => setNotice(null), start };
}

/**
 * The placeholder shown in the content while a file uploads: its name and a progress bar. Hidden
 * from assistive technology, which hears the status line instead; its progress is set directly,
 * because the editor does not redraw decorations for it.
 */
function uploadPlaceholder(name: string) {
  const dom = document.createElement("span");
  dom.contentEditable = "false";
  dom.setAttribute("aria-hidden", "true");
  dom.dataset.uploadPlaceholder = "";
  dom.className =
    "my-2 flex items-center gap-3 rounded-md border border-dashed border-night-600 bg-night-900 px-3 py-3 text-sm text-zinc-300";
  const label = document.createElement("span");
  label.className = "min-w-0 truncate";
  label.textContent = `Uploading ${name}...`;
  const bar = document.createElement("progress");
  bar.max = 100;
  bar.value = 0;
  bar.className =
    "h-2 w-32 shrink-0 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-night-800 [&::-webkit-progress-value]:bg-grass-500";
  dom.append(label, bar);
  return {
    dom,
    setProgress: (fraction: number) => {
      bar.value = Math.round(fraction * 100);
    },
  };
}
