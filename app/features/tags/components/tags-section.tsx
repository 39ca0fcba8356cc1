import { PencilIcon, SearchIcon, TagsIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useDeleteTag } from "#app/features/tags/api/delete-tag.ts";
import { useTags } from "#app/features/tags/api/get-tags.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import type { TagCount } from "#common/types/tag.ts";
import { RenameTagDialog } from "./rename-tag-dialog.tsx";
import { postCount, tagMatches } from "./tag-words.ts";

/**
 * The Tags section (docs/product.md#tags-section): every tag on the posts with how many carry
 * it (the number opens All Posts filtered by the tag), a search box, Rename (merging into a tag
 * that exists) and Delete, each asking first and naming how many posts change.
 */
export function TagsSection() {
  const tags = useTags();
  const [search, setSearch] = React.useState("");
  const [renaming, setRenaming] = React.useState<TagCount | null>(null);
  const shown = React.useMemo(
    () => (tags.data ?? []).filter((entry) => tagMatches(entry.tag, search)),
    [tags.data, search],
  );

  return (
    <section aria-labelledby="tags-title">
      <header>
        <h1 id="tags-title" className="text-3xl font-bold text-white">
          Tags
        </h1>
        <p className="mt-1 text-zinc-400">
          The tags on your posts. Renaming a tag changes it on every post; renaming it to a tag that
          exists merges the two.
        </p>
      </header>

      <div className="mt-6 max-w-md">
        <label htmlFor="tags-search" className="sr-only">
          Search tags
        </label>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
          />
          <Input
            id="tags-search"
            type="search"
            placeholder="Search tags..."
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>

      <div className="mt-6">
        {tags.isPending ? (
          <p role="status" className="text-zinc-400">
            Loading tags...
          </p>
        ) : tags.isError ? (
          <p role="alert" className="text-redstone-400">
            {errorMessage(tags.error, "Failed to load tags.")}
          </p>
        ) : tags.data.length === 0 ? (
          <EmptyState
            icon={TagsIcon}
            title="No tags yet"
            description="Tags typed in the editor's Tags field show here."
          />
        ) : (
          <>
            <p aria-live="polite" className="mb-3 text-sm break-words text-zinc-400">
              {search.trim() === ""
                ? `${shown.length} ${shown.length === 1 ? "tag" : "tags"}`
                : `${shown.length} of ${tags.data.length} tags match "${search.trim()}"`}
            </p>
            {shown.length === 0 ? null : <TagsTable tags={shown} onRename={setRenaming} />}
          </>
        )}
      </div>

      <RenameTagDialog
        tag={renaming}
        tags={tags.data ?? []}
        onOpenChange={(open) => {
          if (!open) setRenaming(null);
        }}
      />
    </section>
  );
}

function TagsTable({ tags, onRename }: { tags: TagCount[]; onRename: (tag: TagCount) => void }) {
  return (
    <div className="overflow-hidden rounded-xl ring-1 ring-night-700">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Tags and the number of posts carrying each</caption>
        <thead className="bg-night-900 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2.5 font-semibold sm:px-4">
              Tag
            </th>
            <th scope="col" className="w-20 px-3 py-2.5 font-semibold sm:w-28 sm:px-4">
              Posts
            </th>
            <th scope="col" className="w-24 px-3 py-2.5 sm:w-52 sm:px-4">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-night-700">
          {tags.map((entry) => (
            <TagRow key={entry.tag} entry={entry} onRename={() => onRename(entry)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TagRow({ entry, onRename }: { entry: TagCount; onRename: () => void }) {
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
    <tr className="bg-night-950/40">
      <td className="px-3 py-2.5 font-medium break-all text-diamond-300 sm:px-4">#{tag}</td>
      <td className="px-3 py-2.5 sm:px-4">
        <Link
          to={`/dashboard/posts?${new URLSearchParams({ tag })}`}
          className="text-zinc-100 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none"
          aria-label={`${postCount(posts)} tagged #${tag}`}
        >
          {postCount(posts)}
        </Link>
      </td>
      <td className="px-1 py-1.5 sm:px-3">
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
      </td>
    </tr>
  );
}
