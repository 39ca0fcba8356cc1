import { PencilIcon, TagsIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { ListSection } from "#app/components/dashboard/list-section.tsx";
import { ListSearch, ListToolbar } from "#app/components/dashboard/list-toolbar.tsx";
import { PagedTable, type PagedTableColumn } from "#app/components/dashboard/paged-table.tsx";
import { sectionPath } from "#app/components/dashboard/sections.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useDeleteTag } from "#app/features/tags/api/delete-tag.ts";
import { useTags } from "#app/features/tags/api/get-tags.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import type { Paged } from "#common/types/post-list.ts";
import type { TagCount } from "#common/types/tag.ts";
import { RenameTagDialog } from "./rename-tag-dialog.tsx";
import { postCount, tagMatches } from "./tag-words.ts";

/**
 * The Tags section (docs/product/dashboard.md#tags-section): every tag on the posts with how many
 * carry it (the number opens All Posts filtered by the tag), a search box, Rename (merging into a
 * tag that exists) and Delete, each asking first and naming how many posts change. Every tag is
 * loaded at once and searched in the browser, so the table is one page.
 */
export function TagsSection() {
  const tags = useTags();
  const [search, setSearch] = React.useState("");
  const [renaming, setRenaming] = React.useState<TagCount | null>(null);
  const all = tags.data ?? [];
  const shown = React.useMemo(
    () => (tags.data ?? []).filter((entry) => tagMatches(entry.tag, search)),
    [tags.data, search],
  );
  const countLine = <TagCountLine shown={shown.length} total={all.length} search={search} />;

  return (
    <ListSection
      id="tags"
      title="Tags"
      description="The tags on your posts. Renaming a tag changes it on every post; renaming it to a tag that exists merges the two."
      toolbar={
        <ListToolbar
          label="Filter tags"
          className="max-w-md"
          search={
            <ListSearch
              value={search}
              onSearch={setSearch}
              label="Search tags"
              placeholder="Search tags..."
              delayMs={0}
            />
          }
        />
      }
    >
      <PagedTable
        query={{
          isPending: tags.isPending,
          isError: tags.isError,
          error: tags.error,
          data: tags.data ? onePage(shown) : undefined,
        }}
        label="Tags"
        caption="Tags and the number of posts carrying each"
        noun={["tag", "tags"]}
        columns={COLUMNS}
        itemKey={(entry) => entry.tag}
        actions={(entry) => <TagActions entry={entry} onRename={() => setRenaming(entry)} />}
        actionsClassName="w-24 px-1 py-1.5 sm:w-52 sm:px-3"
        fixedLayout
        search=""
        loading="Loading tags..."
        errorFallback="Failed to load tags."
        empty={
          <EmptyState
            icon={TagsIcon}
            title="No tags yet"
            description="Tags typed in the editor's Tags field show here."
          />
        }
        narrowed={all.length > 0}
        noMatches={countLine}
        summary={() => countLine}
      />
      <RenameTagDialog
        tag={renaming}
        tags={all}
        onOpenChange={(open) => {
          if (!open) setRenaming(null);
        }}
      />
    </ListSection>
  );
}

const COLUMNS: PagedTableColumn<TagCount>[] = [
  {
    header: "Tag",
    className: "px-3 break-all sm:px-4",
    cell: ({ tag }) => <span className="font-medium text-diamond-300">#{tag}</span>,
  },
  { header: "Posts", className: "w-20 px-3 sm:w-28 sm:px-4", cell: PostsLink },
];

/** The tags the search keeps, as the one page of the table. */
function onePage(items: TagCount[]): Paged<TagCount> {
  return {
    items,
    page: 1,
    pageSize: Math.max(items.length, 1),
    total: items.length,
    totalPages: 1,
  };
}

/** "3 tags", or '2 of 12 tags match "castle"' while searching. */
function TagCountLine({ shown, total, search }: { shown: number; total: number; search: string }) {
  const words = search.trim();
  return (
    <p aria-live="polite" className="text-sm break-words text-zinc-400">
      {words === ""
        ? `${shown} ${shown === 1 ? "tag" : "tags"}`
        : `${shown} of ${total} tags match "${words}"`}
    </p>
  );
}

/** The number of posts carrying the tag: a link to All Posts filtered by it. */
function PostsLink({ tag, posts }: TagCount) {
  return (
    <Link
      to={sectionPath("posts", `?${new URLSearchParams({ tag })}`)}
      className="text-zinc-100 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none"
      aria-label={`${postCount(posts)} tagged #${tag}`}
    >
      {postCount(posts)}
    </Link>
  );
}

/** A tag's Rename and Delete: quiet buttons, icons only on a phone. */
function TagActions({ entry, onRename }: { entry: TagCount; onRename: () => void }) {
  const toast = useToast();
  const confirm = useConfirm();
  const remove = useDeleteTag();
  const { tag, posts } = entry;

  async function onDelete() {
    const confirmed = await confirm({
      title: `Delete the tag #${tag}?`,
      description: `${postCount(posts)} will lose the tag #${tag}. The posts themselves stay, and their public pages stop showing it.`,
      confirmLabel: "Delete tag",
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(tag);
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to delete the tag"),
        variant: "destructive",
      });
      return;
    }
    toast({ title: `Tag #${tag} deleted`, description: `Removed from ${postCount(posts)}.` });
  }

  return (
    <div className="flex justify-end gap-1">
      <Button
        size="sm"
        variant="ghost"
        onClick={onRename}
        aria-label={`Rename #${tag}`}
        className="px-2 sm:px-3"
      >
        <PencilIcon aria-hidden="true" />
        <span className="hidden sm:inline">Rename</span>
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={onDelete}
        disabled={remove.isPending}
        aria-label={`Delete #${tag}`}
        className="px-2 text-redstone-300 hover:text-redstone-200 sm:px-3"
      >
        <Trash2Icon aria-hidden="true" />
        <span className="hidden sm:inline">Delete</span>
      </Button>
    </div>
  );
}
