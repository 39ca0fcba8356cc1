import { describe, expect, it } from "vitest";
import { imageSrcSets, videoThumbnail } from "./images.ts";

describe("videoThumbnail", () => {
  it("prefers the featured image", () => {
    expect(
      videoThumbnail({
        featuredImage: "cover.png",
        youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      }),
    ).toBe("/uploads/cover.png");
    expect(
      videoThumbnail({ featuredImage: "https://cdn.example/cover.jpg", youtubeUrl: null }),
    ).toBe("https://cdn.example/cover.jpg");
  });
  it("falls back to YouTube's thumbnail of the video id, whatever the URL's form", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    ]) {
      expect(videoThumbnail({ featuredImage: null, youtubeUrl: url })).toBe(
        "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      );
    }
  });
  it("gives null when there is neither", () => {
    expect(videoThumbnail({ featuredImage: null, youtubeUrl: null })).toBeNull();
    expect(
      videoThumbnail({ featuredImage: "", youtubeUrl: "https://vimeo.com/123456" }),
    ).toBeNull();
  });
});

describe("imageSrcSets", () => {
  it("lists the AVIF and WebP variants of a stored PNG or JPEG by width", () => {
    expect(imageSrcSets("/uploads/demo-citadel-3f9a1c.png")).toEqual({
      avif: "/uploads/demo-citadel-3f9a1c-480w.avif 480w, /uploads/demo-citadel-3f9a1c-960w.avif 960w, /uploads/demo-citadel-3f9a1c-1440w.avif 1440w",
      webp: "/uploads/demo-citadel-3f9a1c-480w.webp 480w, /uploads/demo-citadel-3f9a1c-960w.webp 960w, /uploads/demo-citadel-3f9a1c-1440w.webp 1440w",
    });
    expect(imageSrcSets("/uploads/0123abcd.jpg")?.webp).toContain(
      "/uploads/0123abcd-960w.webp 960w",
    );
  });

  it("leaves other addresses alone", () => {
    for (const src of [
      null,
      undefined,
      "",
      "https://i.ytimg.com/vi/abc/hqdefault.jpg",
      "data:image/png;base64,AAAA",
      "/uploads/0123abcd.webp",
      "/uploads/../secret.png",
      "/assets/logo.png",
    ]) {
      expect(imageSrcSets(src), String(src)).toBeNull();
    }
  });
});
