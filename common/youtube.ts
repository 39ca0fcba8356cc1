/** The 11-character id of a YouTube video. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
  "youtu.be",
]);

/**
 * The video id of a YouTube URL in any of its forms: watch?v=, youtu.be/, embed/, v/ and
 * shorts/. Anything else, including other hosts, gives null.
 */
export function parseYouTubeId(input: string | null | undefined): string | null {
  if (!input) return null;
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  if (!YOUTUBE_HOSTS.has(host)) return null;
  let candidate: string | null | undefined;
  if (host === "youtu.be") {
    candidate = url.pathname.split("/")[1];
  } else {
    const [, first, second] = url.pathname.split("/");
    if (first === "watch") candidate = url.searchParams.get("v");
    else if (first === "embed" || first === "v" || first === "shorts" || first === "live")
      candidate = second;
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** The privacy-friendly embed URL of a video id. */
export function youTubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}`;
}

/** The standard thumbnail of a video id. */
export function youTubeThumbnailUrl(id: string): string {
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}
