import { describe, expect, it } from "vitest";
import { BUILT_IN_VIDEOS } from "./built-in-videos.ts";
import {
  channelSubscribeUrl,
  chooseVideos,
  type VideoPost,
  videoFromPost,
  videoPlayerUrl,
} from "./video-entries.ts";

function post(overrides: Partial<VideoPost> & { id: string }): VideoPost {
  return {
    title: `Video ${overrides.id}`,
    slug: `video-${overrides.id}`,
    excerpt: `About video ${overrides.id}.`,
    category: "youtube",
    youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    featuredImage: null,
    publishedAt: "2025-02-02T10:00:00.000Z",
    createdAt: "2025-02-01T10:00:00.000Z",
    ...overrides,
  };
}

describe("the built-in videos", () => {
  it("are three, each with every field of a built-in video", () => {
    expect(BUILT_IN_VIDEOS).toHaveLength(3);
    for (const video of BUILT_IN_VIDEOS) {
      expect(video.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
      expect(video.title.length).toBeGreaterThan(0);
      expect(video.description.length).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(video.publishedAt))).toBe(false);
      expect(video.thumbnailUrl).toBe(`https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`);
      expect(video.viewCount).toBeGreaterThan(0);
      expect(video.duration).toMatch(/^(\d+:)?\d{1,2}:\d{2}$/);
    }
    expect(new Set(BUILT_IN_VIDEOS.map((video) => video.id)).size).toBe(3);
  });
});

describe("videoFromPost", () => {
  it("takes the video id from any YouTube URL form", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/v/dQw4w9WgXcQ",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    ]) {
      expect(videoFromPost(post({ id: "1", youtubeUrl: url }))?.videoId).toBe("dQw4w9WgXcQ");
    }
  });

  it("uses the featured image as the thumbnail, else YouTube's", () => {
    expect(videoFromPost(post({ id: "1", featuredImage: "cover.png" }))?.thumbnailUrl).toBe(
      "/uploads/cover.png",
    );
    expect(
      videoFromPost(post({ id: "1", featuredImage: "https://cdn.example.com/a.jpg" }))
        ?.thumbnailUrl,
    ).toBe("https://cdn.example.com/a.jpg");
    expect(videoFromPost(post({ id: "1" }))?.thumbnailUrl).toBe(
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    );
  });

  it("keeps the title, excerpt, slug and publication date; duration and views are unknown", () => {
    expect(videoFromPost(post({ id: "7" }))).toEqual({
      key: "7",
      videoId: "dQw4w9WgXcQ",
      title: "Video 7",
      description: "About video 7.",
      thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      publishedAt: "2025-02-02T10:00:00.000Z",
      duration: null,
      viewCount: null,
      postSlug: "video-7",
    });
    expect(videoFromPost(post({ id: "7", publishedAt: null }))?.publishedAt).toBe(
      "2025-02-01T10:00:00.000Z",
    );
  });

  it("skips posts it could not play, and posts of other categories", () => {
    expect(videoFromPost(post({ id: "1", youtubeUrl: null }))).toBeNull();
    expect(videoFromPost(post({ id: "1", youtubeUrl: "https://vimeo.com/12345" }))).toBeNull();
    expect(videoFromPost(post({ id: "1", youtubeUrl: "not a url" }))).toBeNull();
    expect(videoFromPost(post({ id: "1", category: "news" }))).toBeNull();
  });
});

describe("chooseVideos", () => {
  it("lists the playable YouTube posts, newest first by publication", () => {
    // Created first, published last: the newest video for viewers.
    const late = post({
      id: "late",
      createdAt: "2025-01-01T00:00:00.000Z",
      publishedAt: "2025-05-01T00:00:00.000Z",
    });
    const older = post({
      id: "older",
      createdAt: "2025-02-01T00:00:00.000Z",
      publishedAt: "2025-02-01T00:00:00.000Z",
    });
    const newer = post({
      id: "newer",
      createdAt: "2025-03-01T00:00:00.000Z",
      publishedAt: "2025-03-01T00:00:00.000Z",
    });
    const broken = post({
      id: "broken",
      youtubeUrl: null,
      publishedAt: "2025-04-01T00:00:00.000Z",
    });
    const { source, videos } = chooseVideos([older, broken, late, newer]);
    expect(source).toBe("posts");
    expect(videos.map((video) => video.key)).toEqual(["late", "newer", "older"]);
  });

  it("falls back to the built-in featured videos when there are no YouTube posts", () => {
    const { source, videos } = chooseVideos([]);
    expect(source).toBe("featured");
    expect(videos.map((video) => video.videoId)).toEqual(BUILT_IN_VIDEOS.map((v) => v.id));
    expect(videos[0]).toMatchObject({
      title: BUILT_IN_VIDEOS[0]?.title,
      duration: BUILT_IN_VIDEOS[0]?.duration,
      viewCount: BUILT_IN_VIDEOS[0]?.viewCount,
      postSlug: null,
    });
  });

  it("falls back too when no YouTube post can be played", () => {
    expect(chooseVideos([post({ id: "1", youtubeUrl: "https://example.com" })]).source).toBe(
      "featured",
    );
  });

  it("gives an empty list only when there are no built-in videos either", () => {
    expect(chooseVideos([], [])).toEqual({ source: "featured", videos: [] });
  });
});

describe("the player and channel links", () => {
  it("embeds the video without cookies, starting at once", () => {
    expect(videoPlayerUrl("dQw4w9WgXcQ")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    );
  });

  it("asks to confirm a subscription on the channel", () => {
    expect(channelSubscribeUrl("https://www.youtube.com/@overridestudios")).toBe(
      "https://www.youtube.com/@overridestudios?sub_confirmation=1",
    );
    expect(channelSubscribeUrl("https://www.youtube.com/channel/UC123?view=0")).toBe(
      "https://www.youtube.com/channel/UC123?view=0&sub_confirmation=1",
    );
    expect(channelSubscribeUrl("")).toBe("");
  });
});
