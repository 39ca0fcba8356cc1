import type { Post } from "#common/types/post.ts";

/** The address that opens a post in the editor. */
export function editPostPath(post: Pick<Post, "id">): string {
  return `/dashboard/create?id=${encodeURIComponent(post.id)}&type=post`;
}

/** Where the editor opens for a new video post. */
export const ADD_VIDEO_PATH = "/dashboard/create?category=youtube";
