import { videoThumbnail } from "#common/images.ts";
import { parseYouTubeId, youTubeEmbedUrl } from "#common/youtube.ts";
import { BUILT_IN_VIDEOS, type BuiltInVideo } from "./built-in-videos.ts";

/** One video as the videos page shows it, whichever source it came from. */
export type VideoEntry = {
  /** Unique within the list (the post's id, or the video id for a built-in video). */
  key: string;
  /** The 11-character YouTube video id. */
  videoId: string;
  title: string;
  description: string | null;
  thumbnailUrl: string;
  /** ISO-8601 timestamp, when known. */
  publishedAt: string | null;
  /** "m:ss", when known. */
  duration: string | null;
  viewCount: number | null;
  /** The post behind the video, if any, for a link to its page. */
  postSlug: string | null;
};

/** Where the page's videos came from: published YouTube posts, or the built-in featured videos. */
export type VideoSource = "posts" | "featured";

/** The fields of a post the videos page uses. */
export type VideoPost = {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  category: string;
  youtubeUrl: string | null;
  featuredImage: string | null;
  publishedAt: string | null;
  createdAt: string;
};

/** A YouTube post as a video, or null when its URL does not name a video it could play. */
export function videoFromPost(post: VideoPost): VideoEntry | null {
  if (post.category !== "youtube") return null;
  const videoId = parseYouTubeId(post.youtubeUrl);
  // A post that names a video always has a picture: its own, else the video's thumbnail.
  const thumbnailUrl = videoThumbnail(post);
  if (!videoId || !thumbnailUrl) return null;
  return {
    key: post.id,
    videoId,
    title: post.title,
    description: post.excerpt,
    thumbnailUrl,
    publishedAt: post.publishedAt ?? post.createdAt,
    duration: null,
    viewCount: null,
    postSlug: post.slug,
  };
}

/** A built-in video as a list entry. */
export function videoFromBuiltIn(video: BuiltInVideo): VideoEntry {
  return {
    key: video.id,
    videoId: video.id,
    title: video.title,
    description: video.description,
    thumbnailUrl: video.thumbnailUrl,
    publishedAt: video.publishedAt,
    duration: video.duration,
    viewCount: video.viewCount,
    postSlug: null,
  };
}

/**
 * Newest first by the date the card shows, when the post went public (the creation time only
 * stands in for a post stored without one), the id breaking ties: the order of the list the
 * page is given.
 */
function newestFirst(a: VideoPost, b: VideoPost): number {
  const diff = Date.parse(b.publishedAt ?? b.createdAt) - Date.parse(a.publishedAt ?? a.createdAt);
  if (diff !== 0 && !Number.isNaN(diff)) return diff;
  return b.id < a.id ? -1 : b.id > a.id ? 1 : 0;
}

/**
 * The videos page's list (docs/product/departures.md#videos-from-posts): the playable YouTube
 * posts, newest first; when there are none, the built-in featured videos.
 */
export function chooseVideos(
  posts: readonly VideoPost[],
  builtIns: readonly BuiltInVideo[] = BUILT_IN_VIDEOS,
): { source: VideoSource; videos: VideoEntry[] } {
  const fromPosts = [...posts]
    .sort(newestFirst)
    .map(videoFromPost)
    .filter((video): video is VideoEntry => video !== null);
  if (fromPosts.length > 0) return { source: "posts", videos: fromPosts };
  return { source: "featured", videos: builtIns.map(videoFromBuiltIn) };
}

/** The player's address: the privacy-friendly embed, starting at once. */
export function videoPlayerUrl(videoId: string): string {
  return `${youTubeEmbedUrl(videoId)}?autoplay=1`;
}

/** The channel's address asking the visitor to confirm a subscription. */
export function channelSubscribeUrl(channelUrl: string): string {
  try {
    const url = new URL(channelUrl);
    url.searchParams.set("sub_confirmation", "1");
    return url.toString();
  } catch {
    return channelUrl;
  }
}
