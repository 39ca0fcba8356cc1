import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * A local stand-in for YouTube's oEmbed endpoint, watch pages and thumbnail host, on 127.0.0.1.
 * Point YOUTUBE_BASE_URL and YOUTUBE_IMAGE_BASE_URL at it (see `env`). It records every request
 * and can be told to fail, answer slowly or redirect.
 */

/** Videos the fake knows; any other id gets oEmbed's 404 "Not Found". */
export const FAKE_VIDEOS: Record<string, { title: string; description: string }> = {
  dQw4w9WgXcQ: {
    title: "Skyforge Citadel – Official Trailer",
    description: 'Build the citadel & defend it.\nOut now on the "Marketplace" <3',
  },
  "abc_DEF-123": {
    title: "Frostbite Skin Pack Showcase",
    description: "Twenty winter skins.",
  },
};

export type FakeYouTubeMode =
  /** Answers like YouTube. */
  | "ok"
  /** 500 from every endpoint. */
  | "fail"
  /** oEmbed never answers (within any reasonable time). */
  | "slow"
  /** Every endpoint answers 302 to another path on the fake. */
  | "redirect"
  /** oEmbed answers, the watch page and the thumbnail fail. */
  | "partial"
  /** oEmbed answers a body far larger than any oEmbed answer. */
  | "huge";

export type FakeYouTube = {
  url: string;
  /** For startTestServer: YOUTUBE_BASE_URL and YOUTUBE_IMAGE_BASE_URL pointing here. */
  env: { YOUTUBE_BASE_URL: string; YOUTUBE_IMAGE_BASE_URL: string };
  /** Paths (with query) of every request received, oldest first. */
  requests: string[];
  /** The JPEG the fake serves as every known video's thumbnail. */
  thumbnail: Buffer;
  setMode: (mode: FakeYouTubeMode) => void;
  /** Back to "ok" with no recorded requests. */
  reset: () => void;
  close: () => Promise<void>;
};

export async function startFakeYouTube(): Promise<FakeYouTube> {
  const thumbnail = await sharp({
    create: { width: 48, height: 36, channels: 3, background: "#ef4444" },
  })
    .jpeg()
    .toBuffer();
  const requests: string[] = [];
  let mode: FakeYouTubeMode = "ok";

  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push(path);
    const url = new URL(path, "http://fake.invalid");
    if (mode === "fail") return send(res, 500, "text/html", "<h1>Internal Server Error</h1>");
    if (mode === "redirect" && url.pathname !== "/elsewhere") {
      res.writeHead(302, { location: "/elsewhere" }).end();
      return;
    }
    if (url.pathname === "/oembed") {
      if (mode === "slow") return; // Never answers; close() cuts the connection.
      if (mode === "huge") {
        return send(res, 200, "application/json", `{"title":"${"x".repeat(200_000)}"}`);
      }
      const watch = url.searchParams.get("url") ?? "";
      const id = /^https:\/\/www\.youtube\.com\/watch\?v=([A-Za-z0-9_-]{11})$/.exec(watch)?.[1];
      const video = id ? FAKE_VIDEOS[id] : undefined;
      if (!video || url.searchParams.get("format") !== "json") {
        return send(res, 404, "text/plain", "Not Found");
      }
      return send(
        res,
        200,
        "application/json",
        JSON.stringify({
          title: video.title,
          author_name: "Override Studios",
          type: "video",
          thumbnail_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
        }),
      );
    }
    if (url.pathname === "/watch") {
      const video = FAKE_VIDEOS[url.searchParams.get("v") ?? ""];
      if (mode === "partial" || !video) return send(res, 404, "text/html", "<h1>Not Found</h1>");
      const escaped = video.description
        .replace(/&/g, "&amp;")
        .replace(/"/g, "&quot;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/\n/g, "&#10;");
      return send(
        res,
        200,
        "text/html; charset=utf-8",
        `<!doctype html><html><head><title>${video.title}</title>` +
          `<meta name="description" content="Short description">` +
          `<meta content="${escaped}" property="og:description">` +
          `</head><body>${"<div>player</div>".repeat(1000)}</body></html>`,
      );
    }
    const thumb = /^\/vi\/([A-Za-z0-9_-]{11})\/hqdefault\.jpg$/.exec(url.pathname);
    if (thumb && mode !== "partial" && FAKE_VIDEOS[thumb[1] ?? ""]) {
      return send(res, 200, "image/jpeg", thumbnail);
    }
    send(res, 404, "text/plain", "Not Found");
  });

  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: { YOUTUBE_BASE_URL: url, YOUTUBE_IMAGE_BASE_URL: url },
    requests,
    thumbnail,
    setMode: (next) => {
      mode = next;
    },
    reset: () => {
      mode = "ok";
      requests.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: http.ServerResponse, status: number, type: string, body: string | Buffer) {
  res.writeHead(status, { "content-type": type }).end(body);
}
