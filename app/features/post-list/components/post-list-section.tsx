import { MonitorPlayIcon, PlusIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { newPostPath } from "#app/components/dashboard/sections.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { ListPreset, SortDate } from "#app/features/post-list/post-list-view.ts";
import { PostsTable } from "./posts-table.tsx";

type SectionSpec = {
  title: string;
  description: string;
  preset: ListPreset;
  /** The date the date column sorts by when the view is sorted by title. */
  dateField: SortDate;
  emptyTitle: string;
  emptyDescription?: string;
  /** The section's button: a new post of its kind. */
  create: { label: string; to: string };
  icon?: typeof MonitorPlayIcon;
};

const CREATE_POST = { label: "Create Post", to: newPostPath() };

/**
 * The sections that list posts (docs/product.md#content-lists): what each one fixes, how it is
 * ordered at first, and what it says.
 */
const POST_LIST_SECTIONS = {
  posts: {
    title: "All Content",
    description: "Every post, news, video and marketplace item.",
    preset: { fixed: {}, defaultSort: "-updatedAt" },
    dateField: "updatedAt",
    emptyTitle: "No posts yet",
    emptyDescription: "Posts appear here as soon as someone saves one.",
    create: CREATE_POST,
  },
  scheduled: {
    title: "Scheduled Posts",
    description: "Posts waiting for their publication time.",
    preset: { fixed: { status: "scheduled" }, defaultSort: "scheduledAt" },
    dateField: "scheduledAt",
    emptyTitle: "No scheduled posts",
    emptyDescription: "Schedule a post in the editor and it waits here until its time.",
    create: CREATE_POST,
  },
  drafts: {
    title: "Drafts",
    description: "Posts that are not published yet.",
    preset: { fixed: { status: "draft" }, defaultSort: "-updatedAt" },
    dateField: "updatedAt",
    emptyTitle: "No drafts",
    create: CREATE_POST,
  },
  news: {
    title: "News Posts",
    description: "Every post in the news category, whatever its status.",
    preset: { fixed: { category: "news" }, defaultSort: "-updatedAt" },
    dateField: "updatedAt",
    emptyTitle: "No news posts yet",
    create: CREATE_POST,
  },
  videos: {
    title: "YouTube Videos",
    description: "Video posts: the published ones appear on the Videos page.",
    preset: { fixed: { category: "youtube" }, defaultSort: "-createdAt" },
    dateField: "createdAt",
    emptyTitle: "No YouTube videos yet",
    emptyDescription: "Add a video post and it will show here.",
    create: { label: "Add YouTube Video", to: newPostPath("youtube") },
    icon: MonitorPlayIcon,
  },
} as const satisfies Record<string, SectionSpec>;

export type PostListSectionId = keyof typeof POST_LIST_SECTIONS;

/**
 * A dashboard section that lists posts: All Posts, Scheduled, Drafts, News Posts and YouTube
 * Videos, each the same table with its own fixed filter, first order and words.
 */
export function PostListSection({ section }: { section: PostListSectionId }) {
  const spec: SectionSpec = POST_LIST_SECTIONS[section];
  const titleId = `${section}-title`;
  const createButton = (
    <Button asChild>
      <Link to={spec.create.to}>
        <PlusIcon aria-hidden="true" />
        {spec.create.label}
      </Link>
    </Button>
  );
  const empty: React.ReactNode = (
    <EmptyState
      icon={spec.icon}
      title={spec.emptyTitle}
      description={spec.emptyDescription}
      action={spec.icon ? createButton : undefined}
    />
  );
  return (
    <section aria-labelledby={titleId}>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id={titleId} className="text-3xl font-bold text-white">
            {spec.title}
          </h1>
          <p className="mt-1 text-zinc-400">{spec.description}</p>
        </div>
        {createButton}
      </header>
      <PostsTable
        label={spec.title}
        preset={spec.preset}
        dateField={spec.dateField}
        empty={empty}
      />
    </section>
  );
}
