import { HistoryIcon } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import type { LocalDraft } from "#app/features/post-editor/local-draft.ts";
import { savedTimeLabel } from "#app/lib/saved-time.ts";

/**
 * Above the form when this browser kept changes the server does not hold
 * (docs/product/editor.md#editor): "Restore unsaved changes from 12:03?", with Restore and Discard.
 * When the post was saved again after the copy was made, it says so: restoring then puts the
 * older changes over the newer save, in the form only, until the person saves.
 */
export function RestoreOffer({
  draft,
  heldUpdatedAt,
  onRestore,
  onDiscard,
}: {
  draft: LocalDraft;
  /** When the server last saved the post (null for a new post). */
  heldUpdatedAt: string | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const savedSince = draft.basedOn !== null && heldUpdatedAt !== draft.basedOn;
  return (
    <section
      aria-labelledby="restore-offer-title"
      className="mb-6 flex flex-wrap items-center justify-between gap-4 rounded-md bg-diamond-400/10 p-4 text-sm text-zinc-200 ring-1 ring-diamond-400/40"
    >
      <div className="flex items-start gap-3">
        <HistoryIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          <h2 id="restore-offer-title" className="font-semibold text-white">
            Restore unsaved changes from{" "}
            <time dateTime={draft.savedAt}>{savedTimeLabel(draft.savedAt)}</time>?
          </h2>
          <p className="mt-1">
            This browser kept changes that were not saved.
            {savedSince
              ? " The post has been saved since they were made; restoring puts them back in the form over that version."
              : ""}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={onRestore}>
          Restore
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}
