import { PlusIcon } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { Post } from "#common/types/post.ts";
import { ContentList } from "./content-list.tsx";

/** The address that opens a post in the editor. */
export function editPostPath(post: Pick<Post, "id">): string {
  return `/dashboard/create?id=${encodeURIComponent(post.id)}&type=post`;
}

/**
 * All Posts: the 'All Content' list with search, edit and delete
 * (docs/product.md#content-lists).
 */
export function AllPostsSection() {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="all-posts-title">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="all-posts-title" className="text-3xl font-bold text-white">
            All Content
          </h1>
          <p className="mt-1 text-zinc-400">Every post, news, video and marketplace item.</p>
        </div>
        <Button asChild>
          <Link to="/dashboard/create">
            <PlusIcon aria-hidden="true" />
            Create Post
          </Link>
        </Button>
      </header>
      <ContentList
        filter="all"
        label="All Content"
        onEdit={(post) => navigate(editPostPath(post))}
      />
    </section>
  );
}
