import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { type ListPlaceholders, QueryList } from "#app/components/dashboard/query-list.tsx";
import { useStaffPosts } from "#app/features/post-list/api/get-staff-posts.ts";
import { readListView } from "#app/features/post-list/post-list-view.ts";
import { POST_ROW_PLACEHOLDER, PostCompactList } from "./post-rows.tsx";

/** How many posts the overview's Recent Posts shows (docs/product/dashboard.md#overview). */
export const RECENT_POSTS_LIMIT = 6;

/** The newest posts first, by creation, as every content list starts. */
const RECENT_VIEW = readListView("", { fixed: {}, defaultSort: "-createdAt" });

const ROW_PLACEHOLDERS: ListPlaceholders = {
  count: RECENT_POSTS_LIMIT,
  slot: "skeleton-row",
  placeholder: POST_ROW_PLACEHOLDER,
};

/**
 * The overview's Recent Posts: the newest posts as compact rows, each with its menu
 * (Edit, View on the site, Delete, ...). One small page of the staff list, never every post.
 */
export function RecentPosts() {
  const posts = useStaffPosts(RECENT_VIEW, RECENT_POSTS_LIMIT);
  if (posts.data && posts.data.items.length > 0) {
    return <PostCompactList posts={posts.data.items} label="Recent Posts" />;
  }
  // Loading, failed or empty: the dashboard lists' usual states.
  return (
    <QueryList
      query={{ ...posts, data: posts.data?.items }}
      label="Recent Posts"
      loading={ROW_PLACEHOLDERS}
      errorFallback="Failed to load the posts."
      empty={<EmptyState title="No posts yet." />}
      itemKey={(post) => post.id}
      renderItem={() => null}
    />
  );
}
