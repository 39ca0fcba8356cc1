/** `POST /api/youtube/info`: what the editor fills in from a YouTube video. */
export type YouTubeInfo = {
  title: string;
  /** The video's description, "" when YouTube's page did not give one. */
  description: string;
  /** The https address of the video's thumbnail (for the content block). */
  thumbnail: string;
  /**
   * The same thumbnail as a `data:image/jpeg;base64,…` URL, fetched by the server (the page's
   * connect-src allows only the site itself), or null when it could not be fetched.
   */
  thumbnailDataUrl: string | null;
};

/** `POST /api/upload/image`: where the stored image is served. */
export type UploadedImage = { url: string };
