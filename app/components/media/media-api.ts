import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, apiUpload, type UploadOptions } from "#app/lib/api-client.ts";
import { UPLOAD_IMAGE_FIELD } from "#common/constants.ts";
import type { MediaSort, MediaUseFilter } from "#common/schemas/media.ts";
import type { MediaItem } from "#common/types/media.ts";
import type { Paged } from "#common/types/post-list.ts";

// The media library's calls shared by the Media section and the editor's pickers
// (docs/product/api.md#media-calls).

/** Every media query starts with this key; a change to the library refreshes them all. */
export const MEDIA_QUERY_KEY = ["/api/media"] as const;

export type MediaPageParams = {
  page?: number;
  limit?: number;
  q?: string;
  use?: MediaUseFilter;
  sort?: MediaSort;
};

export function mediaPagePath(params: MediaPageParams): string {
  const search = new URLSearchParams({ page: String(params.page ?? 1) });
  if (params.limit) search.set("limit", String(params.limit));
  if (params.q) search.set("q", params.q);
  if (params.use && params.use !== "all") search.set("use", params.use);
  if (params.sort && params.sort !== "-createdAt") search.set("sort", params.sort);
  return `/api/media?${search}`;
}

export function mediaPageQueryOptions(params: MediaPageParams) {
  const path = mediaPagePath(params);
  return queryOptions({
    queryKey: [...MEDIA_QUERY_KEY, path],
    queryFn: ({ signal }) => apiGet<Paged<MediaItem>>(path, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMediaPage(params: MediaPageParams) {
  return useQuery(mediaPageQueryOptions(params));
}

export type UploadMediaInput = UploadOptions & { file: File; alt?: string };

/** POST /api/media: stores an image as a new media item with its alt text. */
export function uploadMedia({ file, alt, ...options }: UploadMediaInput): Promise<MediaItem> {
  const form = new FormData();
  if (alt) form.append("alt", alt);
  form.append(UPLOAD_IMAGE_FIELD, file);
  return apiUpload<MediaItem>("/api/media", form, options);
}
