import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "#common/constants.ts";
import { ApiError, UPLOAD_NETWORK_ERROR } from "./api-client.ts";
import { imageFileRefusal, pastedFilesToUpload, uploadFailureMessage } from "./image-file.ts";

const png = new File([new Uint8Array([137, 80, 78, 71])], "image.png", { type: "image/png" });

describe("imageFileRefusal", () => {
  it("lets PNG and JPEG files of up to 10 MB go", () => {
    expect(imageFileRefusal({ type: "image/png", size: 1 })).toBeNull();
    expect(imageFileRefusal({ type: "image/jpeg", size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it.each(["image/gif", "image/webp", "image/svg+xml", "application/pdf", ""])(
    "refuses a file of type %j in the server's words",
    (type) => {
      expect(imageFileRefusal({ type, size: 1 })).toBe(UPLOAD_MESSAGES.wrongType);
    },
  );

  it("refuses a file over 10 MB in the server's words", () => {
    expect(imageFileRefusal({ type: "image/png", size: MAX_UPLOAD_BYTES + 1 })).toBe(
      UPLOAD_MESSAGES.tooLarge,
    );
  });
});

describe("uploadFailureMessage", () => {
  it("gives the server's reason (415, 413)", () => {
    const body = { message: UPLOAD_MESSAGES.wrongType };
    const refused = new ApiError(415, "Unsupported Media Type", JSON.stringify(body), body);
    expect(uploadFailureMessage(refused)).toBe(UPLOAD_MESSAGES.wrongType);
  });

  it("names the status when the server gave no reason", () => {
    const failed = new ApiError(502, "Bad Gateway", "", null);
    expect(uploadFailureMessage(failed)).toBe(
      "The upload failed (502: Bad Gateway). Please try again.",
    );
  });

  it("says an upload that never reached the server did not", () => {
    expect(uploadFailureMessage(new Error(UPLOAD_NETWORK_ERROR))).toBe(UPLOAD_NETWORK_ERROR);
    expect(uploadFailureMessage("odd")).toBe("The upload failed. Please try again.");
  });
});

describe("pastedFilesToUpload", () => {
  it("uploads the files of a paste that carries nothing else", () => {
    expect(pastedFilesToUpload([png], "")).toEqual([png]);
  });

  it("uploads a browser's 'Copy image': HTML that holds only the image", () => {
    const copied =
      '<meta charset="utf-8"><html><body><!--StartFragment--><img src="https://cdn.example/a.png" alt="A"/><!--EndFragment--></body></html>';
    expect(pastedFilesToUpload([png], copied)).toEqual([png]);
    expect(pastedFilesToUpload([png], "<p>&nbsp;<br></p>\n")).toEqual([png]);
  });

  it("keeps a paste with text as text, however many files come with it", () => {
    const fromWordProcessor = '<p class="x">Patch <b>notes</b></p><img src="file:///tmp/a.png">';
    expect(pastedFilesToUpload([png], fromWordProcessor)).toEqual([]);
    expect(pastedFilesToUpload([png], '<img alt="x > y" src="a.png">words')).toEqual([]);
  });

  it("has nothing to upload without files", () => {
    expect(pastedFilesToUpload([], "")).toEqual([]);
    expect(pastedFilesToUpload([], "<p>text</p>")).toEqual([]);
  });
});
