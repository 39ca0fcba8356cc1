import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useRenameTag } from "#app/features/tags/api/rename-tag.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { TagNameSchema } from "#common/schemas/tag.ts";
import { MAX_TAG_INPUT_UNITS } from "#common/tags.ts";
import type { TagCount } from "#common/types/tag.ts";
import { postCount } from "./tag-words.ts";

/**
 * Rename a tag (docs/product/dashboard.md#tags-section): the new name, checked by the server's
 * rule; a name that is already a tag asks first whether to merge the two, naming how many posts
 * each has.
 */
export function RenameTagDialog({
  tag,
  tags,
  onOpenChange,
}: {
  /** The tag to rename; null while the dialog is closed. */
  tag: TagCount | null;
  /** Every tag, to tell a rename from a merge. */
  tags: readonly TagCount[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={tag !== null} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="rename-tag-description">
        {/* Mounted only while open, so each opening starts from the tag's own name. */}
        {tag ? <RenameTagForm tag={tag} tags={tags} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RenameTagForm({
  tag,
  tags,
  onDone,
}: {
  tag: TagCount;
  tags: readonly TagCount[];
  onDone: () => void;
}) {
  const toast = useToast();
  const rename = useRenameTag();
  const [name, setName] = React.useState(tag.tag);
  const [error, setError] = React.useState<string | null>(null);
  /** The existing tag the new name is, once the person has asked for it: confirm the merge. */
  const [mergeInto, setMergeInto] = React.useState<TagCount | null>(null);
  const inputId = React.useId();

  async function save(newName: string) {
    try {
      const answer = await rename.mutateAsync({ tag: tag.tag, name: newName });
      toast(
        mergeInto
          ? {
              title: `Merged #${tag.tag} into #${answer.tag}`,
              description: `${postCount(answer.posts)} now carry #${answer.tag}.`,
            }
          : {
              title: `Renamed #${tag.tag} to #${answer.tag}`,
              description: `Changed on ${postCount(answer.changed)}.`,
            },
      );
      onDone();
    } catch (failure) {
      if (isApiError(failure, 401)) return;
      setMergeInto(null);
      setError(errorMessage(failure, "Failed to rename the tag"));
    }
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (mergeInto) {
      void save(mergeInto.tag);
      return;
    }
    const parsed = TagNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter the tag's name");
      return;
    }
    const newName = parsed.data;
    if (newName === tag.tag) {
      onDone();
      return;
    }
    const existing = tags.find((entry) => entry.tag === newName);
    if (existing) {
      setError(null);
      setMergeInto(existing);
      return;
    }
    void save(newName);
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <DialogTitle>{mergeInto ? "Merge tags?" : `Rename #${tag.tag}`}</DialogTitle>
      {mergeInto ? (
        <DialogDescription id="rename-tag-description" className="text-zinc-300">
          {`#${mergeInto.tag} already exists on ${postCount(mergeInto.posts)}. Merge #${tag.tag} (${postCount(tag.posts)}) into it? Every post tagged #${tag.tag} will be tagged #${mergeInto.tag} instead, once.`}
        </DialogDescription>
      ) : (
        <>
          <DialogDescription id="rename-tag-description" className="text-zinc-400">
            {`The new name replaces #${tag.tag} on ${postCount(tag.posts)}.`}
          </DialogDescription>
          <div>
            <Label htmlFor={inputId}>New name</Label>
            <Input
              id={inputId}
              value={name}
              autoComplete="off"
              maxLength={MAX_TAG_INPUT_UNITS}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
            />
          </div>
        </>
      )}
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-redstone-400">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() => (mergeInto ? setMergeInto(null) : onDone())}
        >
          {mergeInto ? "Back" : "Cancel"}
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? "Saving..." : mergeInto ? "Merge tags" : "Rename"}
        </Button>
      </div>
    </form>
  );
}
