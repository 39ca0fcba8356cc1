import { htmlToPlainText } from "#common/content-rules.ts";
import { POST_LIMITS } from "#common/schemas/post.ts";
import type { YouTubeInfo } from "#common/types/youtube.ts";
import { HttpError } from "#server/errors.ts";

/** Where YouTube is reached (configurable so tests can point at a local fake). */
export type YouTubeEndpoints = {
  /** https://www.youtube.com: oEmbed and the watch page. */
  baseUrl: string;
  /** https://i.ytimg.com: thumbnails. */
  imageBaseUrl: string;
};

/** Each call to YouTube gets this long, all of them at once. */
export const YOUTUBE_TIMEOUT_MS = 5000;

/** Most bytes read from each answer; the watch page is read only up to its end of <head>. */
const MAX_BYTES = { oembed: 64 * 1024, page: 2 * 1024 * 1024, thumbnail: 2 * 1024 * 1024 };
const MAX_DESCRIPTION = 5000;

export const YOUTUBE_MESSAGES = {
  failed:
    "YouTube did not answer with the video's details. Please try again, or enter the details manually.",
  notFound:
    "YouTube has no public video at that address. Check the address, or enter the details manually.",
  timeout: "YouTube took too long to answer. Please try again, or enter the details manually.",
} as const;

class UpstreamError extends Error {
  override name = "UpstreamError";
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.status = status;
  }
}

/**
 * The title, description and thumbnail of the video with this (already validated) id. Only
 * fixed YouTube endpoints built from the id are called, never an address a user typed, with no
 * redirects followed, a time limit and a size limit: oEmbed for the title (required), the watch
 * page for the description and the thumbnail image (both best effort).
 * Throws HttpError 502 when oEmbed fails and 504 when it does not answer in time.
 */
export async function fetchYouTubeInfo(
  endpoints: YouTubeEndpoints,
  id: string,
  { timeoutMs = YOUTUBE_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<YouTubeInfo> {
  const watchUrl = `https://www.youtube.com/watch?v=${id}`;
  const thumbnail = `${endpoints.imageBaseUrl}/vi/${id}/hqdefault.jpg`;
  const giveUp = new AbortController();
  const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), giveUp.signal]);

  const oembed = fetchCapped(
    `${endpoints.baseUrl}/oembed?url=${encodeURIComponent(watchUrl)}&format=json`,
    MAX_BYTES.oembed,
    signal,
  );
  const page = fetchCapped(`${endpoints.baseUrl}/watch?v=${id}`, MAX_BYTES.page, signal, "</head>");
  const image = fetchCapped(thumbnail, MAX_BYTES.thumbnail, signal);
  // The best-effort calls must not reject unheard while oEmbed decides the outcome.
  const description = page.then(readDescription, () => "");
  const thumbnailDataUrl = image.then(jpegDataUrl, () => null);

  let title: string;
  try {
    title = readTitle(await oembed);
  } catch (error) {
    giveUp.abort();
    throw toHttpError(error);
  }
  return {
    title,
    description: await description,
    thumbnail,
    thumbnailDataUrl: await thumbnailDataUrl,
  };
}

function toHttpError(error: unknown): HttpError {
  if (error instanceof DOMException && error.name === "TimeoutError") {
    return HttpError.gatewayTimeout(YOUTUBE_MESSAGES.timeout);
  }
  if (error instanceof UpstreamError && (error.status === 404 || error.status === 401)) {
    // oEmbed's answer for a video that does not exist (404) or is private (401).
    return HttpError.badGateway(YOUTUBE_MESSAGES.notFound);
  }
  return HttpError.badGateway(YOUTUBE_MESSAGES.failed);
}

/**
 * GETs a URL without following redirects and reads at most `maxBytes` of a 200 answer. With
 * `stopAfter`, reading ends once that text has arrived (or at the limit, keeping what came);
 * without it a longer body is a failure.
 */
async function fetchCapped(
  url: string,
  maxBytes: number,
  signal: AbortSignal,
  stopAfter?: string,
): Promise<Buffer> {
  const response = await fetch(url, {
    redirect: "manual",
    signal,
    headers: { "accept-language": "en" },
  });
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new UpstreamError(`${url} answered ${response.status}`, response.status);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - total;
    if (value.length > room) {
      await reader.cancel().catch(() => undefined);
      if (stopAfter === undefined)
        throw new UpstreamError(`${url} sent more than ${maxBytes} bytes`);
      chunks.push(value.subarray(0, room));
      break;
    }
    chunks.push(value);
    total += value.length;
    if (stopAfter !== undefined && Buffer.from(value).includes(stopAfter)) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return Buffer.concat(chunks);
}

function readTitle(body: Buffer): string {
  let data: unknown;
  try {
    data = JSON.parse(body.toString("utf8"));
  } catch {
    throw new UpstreamError("oEmbed answered something that is not JSON");
  }
  const title = (data as { title?: unknown } | null)?.title;
  if (typeof title !== "string" || title.trim() === "") {
    throw new UpstreamError("oEmbed answered without a title");
  }
  return title.trim().slice(0, POST_LIMITS.title);
}

const META_TAG = /<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const ATTRIBUTE = /([^\s"'=<>/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;

/** The watch page's og:description, else its description meta, as plain text ("" if none). */
function readDescription(body: Buffer): string {
  const html = body.toString("utf8");
  const found: Record<string, string> = {};
  for (const [tag] of html.matchAll(META_TAG)) {
    const attributes: Record<string, string> = {};
    for (const match of tag.matchAll(ATTRIBUTE)) {
      const name = match[1]?.toLowerCase();
      if (name) attributes[name] = match[2] ?? match[3] ?? match[4] ?? "";
    }
    const key = (attributes.property ?? attributes.name ?? "").toLowerCase();
    if (attributes.content !== undefined && !(key in found)) found[key] = attributes.content;
  }
  const raw = found["og:description"] ?? found.description ?? "";
  // Attribute text: entities decoded; anything tag-like was escaped by the page, so it stays text.
  return htmlToPlainText(raw.replace(/</g, "&lt;")).slice(0, MAX_DESCRIPTION);
}

/** A JPEG as a data: URL; null for anything that is not a JPEG. */
function jpegDataUrl(body: Buffer): string | null {
  const isJpeg = body.length > 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff;
  return isJpeg ? `data:image/jpeg;base64,${body.toString("base64")}` : null;
}
