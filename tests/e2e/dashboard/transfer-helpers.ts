import type { Locator } from "@playwright/test";
import sharp from "sharp";

// Pasting and dropping files as a browser does it for a person: the events carry a DataTransfer
// holding File objects, built inside the page (Playwright cannot put files on the clipboard).

/** A file to build inside the page: real bytes, or `size` zero bytes (for a file too large). */
export type TransferFile = { name: string; type: string; base64?: string; size?: number };

/** A real PNG of this size, for the page to upload. */
export async function pngFile(name: string, width: number, height: number): Promise<TransferFile> {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: "#2f6f3e" },
  })
    .png()
    .toBuffer();
  return { name, type: "image/png", base64: buffer.toString("base64") };
}

/** A GIF, which the site does not take. */
export const GIF_FILE: TransferFile = {
  name: "animated.gif",
  type: "image/gif",
  base64: Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;").toString("base64"),
};

/** Dispatches a paste of `files` at `target`, as Ctrl+V does when it has focus. */
export async function pasteFiles(target: Locator, files: TransferFile[]): Promise<void> {
  await target.evaluate((element, list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const bytes = file.base64
        ? Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))
        : new Uint8Array(file.size ?? 0);
      data.items.add(new File([bytes], file.name, { type: file.type }));
    }
    const event = new ClipboardEvent("paste", {
      clipboardData: data,
      bubbles: true,
      cancelable: true,
    });
    element.dispatchEvent(event);
  }, files);
}

/**
 * Drags `files` onto the middle of `target`: dragenter and dragover, then, unless `drop` is
 * false, the drop. Answers nothing; the page's reaction is what a test looks at.
 */
export async function dragFiles(
  target: Locator,
  files: TransferFile[],
  { drop = true }: { drop?: boolean } = {},
): Promise<void> {
  await target.evaluate(
    (element, { list, dropIt }) => {
      const data = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64 ?? ""), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.type }));
      }
      const box = element.getBoundingClientRect();
      const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
      const types = dropIt ? ["dragenter", "dragover", "drop"] : ["dragenter", "dragover"];
      for (const type of types) {
        element.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true, ...at }),
        );
      }
    },
    { list: files, dropIt: drop },
  );
}
