import { describe, expect, it } from "vitest";
import { videoThumbnail } from "./images.ts";

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
