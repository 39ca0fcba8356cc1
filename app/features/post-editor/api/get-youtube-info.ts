import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { YouTubeInfo } from "#common/types/youtube.ts";

/** POST /api/youtube/info: the title, description and thumbnail of a YouTube video. */
export function getYouTubeInfo(url: string): Promise<YouTubeInfo> {
  return apiRequest<YouTubeInfo>("/api/youtube/info", { method: "POST", body: { url } });
}

/** A lookup as a mutation: it is asked for on input, never cached, and a 401 reaches the client. */
export function useYouTubeInfo() {
  return useMutation({ mutationFn: getYouTubeInfo });
}
