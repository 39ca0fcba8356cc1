import { youTubeThumbnailUrl } from "#common/youtube.ts";

/** A built-in video of the studio's channel (docs/product/public-site.md#videos). */
export type BuiltInVideo = {
  /** The 11-character YouTube video id. */
  id: string;
  title: string;
  description: string;
  /** ISO-8601 timestamp. */
  publishedAt: string;
  thumbnailUrl: string;
  viewCount: number;
  /** "m:ss" or "h:mm:ss". */
  duration: string;
};

/**
 * The studio's featured videos: what the videos page shows while no YouTube post has been
 * published (docs/product/departures.md#videos-from-posts). Replace them with the channel's own
 * highlights.
 */
export const BUILT_IN_VIDEOS: readonly BuiltInVideo[] = [
  {
    id: "Rz3vK8mQx2E",
    title: "Studio Showreel: Worlds, Skins and Add-Ons",
    description:
      "Two minutes of our favourite moments from the marketplace catalogue: sky citadels, dragon flights and a few skins you may recognise.",
    publishedAt: "2025-01-20T17:00:00.000Z",
    thumbnailUrl: youTubeThumbnailUrl("Rz3vK8mQx2E"),
    viewCount: 48_215,
    duration: "2:14",
  },
  {
    id: "hT7wN4bLp9c",
    title: "How We Build a Marketplace World, Start to Finish",
    description:
      "From the first sketch to the final playtest: how our team plans, blocks out, decorates and ships a marketplace world.",
    publishedAt: "2024-11-08T16:00:00.000Z",
    thumbnailUrl: youTubeThumbnailUrl("hT7wN4bLp9c"),
    viewCount: 126_480,
    duration: "18:42",
  },
  {
    id: "qX5dJ2sVf0M",
    title: "Skin Design Tips: Characters That Read at Any Distance",
    description:
      "Silhouettes, contrast and a limited palette: the rules our artists follow so a skin looks right across the room and up close.",
    publishedAt: "2024-09-17T15:30:00.000Z",
    thumbnailUrl: youTubeThumbnailUrl("qX5dJ2sVf0M"),
    viewCount: 31_902,
    duration: "9:07",
  },
];
