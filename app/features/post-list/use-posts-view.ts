import { useSearchParams } from "react-router";
import { useStaffPosts } from "#app/features/post-list/api/get-staff-posts.ts";
import {
  type ListPreset,
  listViewSearch,
  type PostListView,
  readListView,
} from "#app/features/post-list/post-list-view.ts";
import { currentSearchParams } from "#app/lib/current-address.ts";

/**
 * A post list section's view, kept in the address (docs/product/dashboard.md#content-lists), and
 * the one page of posts it shows. Choosing a filter, a sort or a page adds a history entry; typing
 * replaces the current one (`replace`).
 */
export function usePostsView(preset: ListPreset) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readListView(searchParams, preset);
  const posts = useStaffPosts(view);

  /** Changes the view, from the one the address holds now (currentSearchParams). */
  function go(change: (current: PostListView) => PostListView, { replace = false } = {}) {
    const next = change(readListView(currentSearchParams(), preset));
    setSearchParams(new URLSearchParams(listViewSearch(next, preset)), {
      replace,
      preventScrollReset: true,
    });
  }

  return {
    view,
    posts,
    go,
    /** The view without its defaults: a selection belongs to one. */
    viewKey: listViewSearch(view, preset),
    search: searchParams.toString(),
  };
}

export type PostsView = ReturnType<typeof usePostsView>;
