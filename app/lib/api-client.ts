/**
 * The browser's one way to call the API, for the dashboard and the public pages' forms alike:
 * every request sends the session cookie and, when it has a body, JSON
 * (docs/product/api.md#api-conventions). A failed response becomes an ApiError carrying the status
 * and the server's message; what a 401 does in the dashboard (toast and redirect) is decided
 * once, on the query client (query-client.ts), not here.
 */

/**
 * An answer that was not OK. `message` is "{status}: {body or status text}"
 * (docs/product/api.md#errors).
 */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  /** The `message` of the JSON error body, when there is one. */
  readonly serverMessage: string | null;
  /** Field -> message, for invalid input (400). */
  readonly errors: Record<string, string>;
  /** The JSON error body as sent, for answers that carry more (a save's version conflict). */
  readonly body: Record<string, unknown> | null;

  constructor(
    status: number,
    statusText: string,
    bodyText: string,
    body: { message?: unknown; errors?: unknown } | null,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.body = body;
    this.serverMessage = typeof body?.message === "string" ? body.message : null;
    this.errors = isStringRecord(body?.errors) ? body.errors : {};
  }
}

/** True when the error is an API answer with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** What to tell a person about a failed call: the server's message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON; a FormData body is sent as multipart instead. */
  body?: unknown;
  signal?: AbortSignal;
};

/** Calls the API and answers the parsed JSON body (undefined for 204), or throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, signal } = options;
  const headers: Record<string, string> = { accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await fetch(path, {
    method,
    headers,
    body: payload,
    credentials: "include",
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The default reader: a GET whose JSON body is the answer. */
export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(path, { signal });
}

/** A downloaded file: its bytes and the name the server suggested (Content-Disposition). */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/** A GET whose answer is a file to save rather than JSON; a failure throws ApiError. */
export async function apiGetFile(path: string, signal?: AbortSignal): Promise<DownloadedFile> {
  const response = await fetch(path, { credentials: "include", signal });
  if (!response.ok) throw await toApiError(response);
  return {
    blob: await response.blob(),
    fileName: attachmentFileName(response.headers.get("content-disposition")),
  };
}

/** The `filename` of a Content-Disposition header (quoted or bare), or null. */
export function attachmentFileName(header: string | null): string | null {
  const match = header ? /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(header) : null;
  const name = match?.[1] ?? match?.[2];
  return name ? name : null;
}

/** What an upload that never reached the server (no connection, blocked) throws. */
export const UPLOAD_NETWORK_ERROR =
  "The upload did not reach the server. Check your connection and try again.";

export type UploadOptions = {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** POST unless told (a replaced file is a PUT). */
  method?: "POST" | "PUT";
};

/**
 * POSTs a multipart form and answers the parsed JSON body, or throws ApiError, like
 * apiRequest. Sent with XMLHttpRequest rather than fetch, because only it reports upload
 * progress. A request that never reached the server throws an Error saying so
 * (UPLOAD_NETWORK_ERROR); a cancelled one throws an AbortError.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  { onProgress, signal, method = "POST" }: UploadOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.withCredentials = true;
    request.setRequestHeader("accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        reject(apiErrorFromText(request.status, request.statusText, text));
        return;
      }
      try {
        resolve((text ? JSON.parse(text) : undefined) as T);
      } catch (error) {
        reject(error);
      }
    });
    request.addEventListener("error", () => reject(new Error(UPLOAD_NETWORK_ERROR)));
    request.addEventListener("abort", () =>
      reject(new DOMException("Upload cancelled", "AbortError")),
    );
    if (signal?.aborted) {
      reject(new DOMException("Upload cancelled", "AbortError"));
      return;
    }
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  return apiErrorFromText(response.status, response.statusText, text);
}

/** The ApiError of an answer that was not OK, from its status and its body as text. */
export function apiErrorFromText(status: number, statusText: string, text: string): ApiError {
  let body: { message?: unknown; errors?: unknown } | null = null;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (parsed && typeof parsed === "object") body = parsed;
  } catch {
    // Not JSON (a proxy's error page): the text is still in the message.
  }
  return new ApiError(status, statusText, text, body);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === "string")
  );
}
