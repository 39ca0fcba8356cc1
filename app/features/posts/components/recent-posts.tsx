import { useNavigate } from "react-router";
import { editPostPath } from "./all-posts-section.tsx";
import { ContentList } from "./content-list.tsx";

/** How many posts the overview's Recent Posts shows (docs/product.md#overview). */
export const RECENT_POSTS_LIMIT = 6;

/** The overview's Recent Posts: the newest posts, each with edit and delete, without search. */
export function RecentPosts() {
  const navigate = useNavigate();
  return (
    <ContentList
      filter="all"
      label="Recent Posts"
      limit={RECENT_POSTS_LIMIT}
      searchable={false}
      onEdit={(post) => navigate(editPostPath(post))}
    />
  );
}
