import { MonitorPlayIcon, PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { BulkBar } from "#app/components/dashboard/bulk-bar.tsx";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { ListSection } from "#app/components/dashboard/list-section.tsx";
import { newPostPath } from "#app/components/dashboard/sections.ts";
import { useRowSelection } from "#app/components/dashboard/use-row-selection.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  type ListPreset,
  NO_CONTENT,
  type SortDate,
} from "#app/features/post-list/post-list-view.ts";
import { usePostsView } from "#app/features/post-list/use-posts-view.ts";
import { PostsTable } from "./posts-table.tsx";
import { PostsToolbar } from "./posts-toolbar.tsx";

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
 * The sections that list posts (docs/product/dashboard.md#content-lists): what each one fixes, how
 * it is ordered at first, and what it says.
 */
const POST_LIST_SECTIONS = {
  posts: {
    title: "All Content",
    description: "Every post, news, video and marketplace item.",
    preset: { fixed: {}, defaultSort: "-createdAt" },
    dateField: "createdAt",
    emptyTitle: NO_CONTENT,
    emptyDescription: "Posts appear here as soon as someone saves one.",
    create: CREATE_POST,
  },
  scheduled: {
    title: "Scheduled Posts",
    description: "Posts waiting for their publication time.",
    preset: { fixed: { status: "scheduled" }, defaultSort: "scheduledAt" },
    dateField: "scheduledAt",
    emptyTitle: NO_CONTENT,
    emptyDescription: "Schedule a post in the editor and it waits here until its time.",
    create: CREATE_POST,
  },
  drafts: {
    title: "Drafts",
    description: "Posts that are not published yet.",
    preset: { fixed: { status: "draft" }, defaultSort: "-createdAt" },
    dateField: "createdAt",
    emptyTitle: NO_CONTENT,
    emptyDescription: "Drafts appear here until they are published or scheduled.",
    create: CREATE_POST,
  },
  news: {
    title: "News Posts",
    description: "Every post in the news category, whatever its status.",
    preset: { fixed: { category: "news" }, defaultSort: "-createdAt" },
    dateField: "createdAt",
    emptyTitle: NO_CONTENT,
    emptyDescription: "News posts appear here as soon as someone saves one.",
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
 * Videos, each the same table with its own fixed filter, first order and words; selected rows
 * go to the bulk bar.
 */
export function PostListSection({ section }: { section: PostListSectionId }) {
  const spec: SectionSpec = POST_LIST_SECTIONS[section];
  const posts = usePostsView(spec.preset);
  const pageIds = (posts.posts.data?.items ?? []).map((post) => post.id);
  const { selection, selectedKeys, clear } = useRowSelection(pageIds, `${section}${posts.viewKey}`);
  const createButton = (
    <Button asChild>
      <Link to={spec.create.to}>
        <PlusIcon aria-hidden="true" />
        {spec.create.label}
      </Link>
    </Button>
  );
  return (
    <ListSection
      id={section}
      title={spec.title}
      description={spec.description}
      actions={createButton}
      toolbar={
        <PostsToolbar
          view={posts.view}
          preset={spec.preset}
          // A new search, filter or sort starts at page 1.
          onChange={(change, { typing }) =>
            posts.go((current) => ({ ...current, ...change, page: 1 }), { replace: typing })
          }
        />
      }
      bulkBar={selectedKeys.length > 0 ? <BulkBar ids={selectedKeys} onDone={clear} /> : null}
    >
      <PostsTable
        label={spec.title}
        preset={spec.preset}
        dateField={spec.dateField}
        posts={posts}
        selection={selection}
        empty={
          <EmptyState
            icon={spec.icon}
            title={spec.emptyTitle}
            description={spec.emptyDescription}
            action={spec.icon ? createButton : undefined}
          />
        }
      />
    </ListSection>
  );
}
