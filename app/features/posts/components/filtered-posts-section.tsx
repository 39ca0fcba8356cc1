import { PlusIcon } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { ContentFilter } from "#app/features/posts/content-filters.ts";
import { editPostPath } from "./all-posts-section.tsx";
import { ContentList } from "./content-list.tsx";

/** The Scheduled, Drafts and News Posts sections: what each one lists and says. */
const FILTERED_SECTIONS = {
  scheduled: {
    filter: "scheduled",
    title: "Scheduled Posts",
    description: "Posts waiting for their publication time.",
  },
  drafts: {
    filter: "draft",
    title: "Drafts",
    description: "Posts that are not published yet.",
  },
  news: {
    filter: "news",
    title: "News Posts",
    description: "Every post in the news category, whatever its status.",
  },
} as const satisfies Record<string, { filter: ContentFilter; title: string; description: string }>;

export type FilteredSectionId = keyof typeof FILTERED_SECTIONS;

/**
 * A section that shows the shared content list with one filter (docs/product.md#content-lists:
 * Scheduled, Drafts, News Posts). Only Drafts has the search box.
 */
export function FilteredPostsSection({ section }: { section: FilteredSectionId }) {
  const { filter, title, description } = FILTERED_SECTIONS[section];
  const navigate = useNavigate();
  const titleId = `${section}-title`;
  return (
    <section aria-labelledby={titleId}>
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id={titleId} className="text-3xl font-bold text-white">
            {title}
          </h1>
          <p className="mt-1 text-zinc-400">{description}</p>
        </div>
        <Button asChild>
          <Link to="/dashboard/create">
            <PlusIcon aria-hidden="true" />
            Create Post
          </Link>
        </Button>
      </header>
      <ContentList filter={filter} label={title} onEdit={(post) => navigate(editPostPath(post))} />
    </section>
  );
}
