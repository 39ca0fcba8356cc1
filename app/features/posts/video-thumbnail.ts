import { imageSrc } from "#common/images.ts";
import { parseYouTubeId, youTubeThumbnailUrl } from "#common/youtube.ts";

/**
 * The picture of a YouTube post: its featured image, else the thumbnail YouTube serves for the
 * video its URL names, else null.
 */
export function videoThumbnail(post: {
  featuredImage: string | null;
  youtubeUrl: string | null;
}): string | null {
  const featured = imageSrc(post.featuredImage);
  if (featured) return featured;
  const id = parseYouTubeId(post.youtubeUrl);
  return id ? youTubeThumbnailUrl(id) : null;
}
