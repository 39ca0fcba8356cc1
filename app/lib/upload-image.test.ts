import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, UPLOAD_NETWORK_ERROR } from "./api-client.ts";
import { uploadImage } from "./upload-image.ts";

/** A stand-in for XMLHttpRequest that the test answers by hand. */
class FakeRequest extends EventTarget {
  static last: FakeRequest | null = null;
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = "";
  url = "";
  withCredentials = false;
  sent: FormData | null = null;
  aborted = false;
  status = 0;
  statusText = "";
  responseText = "";

  constructor() {
    super();
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event("abort"));
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    const event = Object.assign(new Event("progress"), { loaded, total, lengthComputable });
    this.upload.dispatchEvent(event);
  }
  answer(status: number, statusText: string, body: string) {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body;
    this.dispatchEvent(new Event("load"));
  }
}

function sent(): FakeRequest {
  const request = FakeRequest.last;
  if (!request) throw new Error("nothing was sent");
  return request;
}

const file = new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" });

beforeEach(() => {
  FakeRequest.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("uploadImage", () => {
  it("posts the file as multipart in the field 'image', with the session cookie", async () => {
    const uploaded = uploadImage({ file });
    const request = sent();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/upload/image");
    expect(request.withCredentials).toBe(true);
    expect(request.headers.accept).toBe("application/json");
    expect(request.sent?.get("image")).toBeInstanceOf(File);
    request.answer(201, "Created", JSON.stringify({ url: "/uploads/abc.png" }));
    await expect(uploaded).resolves.toEqual({ url: "/uploads/abc.png" });
  });

  it("reports the share sent so far, only when the size is known", async () => {
    const onProgress = vi.fn();
    const uploaded = uploadImage({ file, onProgress });
    const request = sent();
    request.progress(25, 100);
    request.progress(10, 0);
    request.progress(50, 100, false);
    request.progress(100, 100);
    request.answer(201, "Created", JSON.stringify({ url: "/uploads/abc.png" }));
    await uploaded;
    expect(onProgress.mock.calls).toEqual([[0.25], [1]]);
  });

  it("turns a refusal into an ApiError with the server's message and status", async () => {
    const uploaded = uploadImage({ file });
    const body = JSON.stringify({ message: "Only PNG and JPEG images can be uploaded." });
    sent().answer(400, "Bad Request", body);
    const error = await uploaded.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      serverMessage: "Only PNG and JPEG images can be uploaded.",
      message: `400: ${body}`,
    });
  });

  it("keeps a body that is not JSON in the message", async () => {
    const uploaded = uploadImage({ file });
    sent().answer(502, "Bad Gateway", "<html>proxy error</html>");
    await expect(uploaded).rejects.toMatchObject({
      status: 502,
      serverMessage: null,
      message: "502: <html>proxy error</html>",
    });
  });

  it("says when the request never reached the server", async () => {
    const uploaded = uploadImage({ file });
    sent().dispatchEvent(new Event("error"));
    await expect(uploaded).rejects.toThrow(UPLOAD_NETWORK_ERROR);
  });

  it("stops when its signal aborts, with an AbortError", async () => {
    const controller = new AbortController();
    const uploaded = uploadImage({ file, signal: controller.signal });
    controller.abort();
    expect(sent().aborted).toBe(true);
    await expect(uploaded).rejects.toMatchObject({ name: "AbortError" });
  });

  it("sends nothing when its signal has already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(uploadImage({ file, signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(sent().sent).toBeNull();
  });
});
