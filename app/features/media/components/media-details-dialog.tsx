import { ReplaceIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { editPostPath, sectionPath } from "#app/components/dashboard/sections.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useMediaItem } from "#app/features/media/api/get-media-item.ts";
import {
  useDeleteMedia,
  useReplaceMediaFile,
  useUpdateMedia,
} from "#app/features/media/api/update-media.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { imageFileRefusal } from "#app/lib/image-file.ts";
import { UPLOAD_IMAGE_ACCEPT } from "#common/constants.ts";
import type { MediaDetails, MediaUse } from "#common/types/media.ts";
import { deleteQuestion, describeUses, formatBytes } from "./media-words.ts";

/**
 * An item's details (docs/product/dashboard.md#media-section): the image, what it is, "Used in"
 * with links to each place, its alt text and caption, Replace file and Delete.
 */
export function MediaDetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const item = useMediaItem(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent aria-describedby="media-details-description" className="max-w-2xl">
        <DialogTitle className="break-all">{item.data?.originalName ?? "Media item"}</DialogTitle>
        <DialogDescription id="media-details-description">
          {item.data
            ? `${item.data.width} × ${item.data.height} px · ${formatBytes(item.data.size)} · uploaded ${new Date(item.data.uploadedAt).toLocaleDateString()}${item.data.uploadedBy ? ` by ${item.data.uploadedBy}` : ""}`
            : "Loading..."}
        </DialogDescription>
        {item.data ? <Details item={item.data} onDeleted={onClose} /> : null}
        {item.isError ? (
          <p role="alert" className="text-sm text-redstone-400">
            {errorMessage(item.error, "Failed to load the media item.")}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Details({ item, onDeleted }: { item: MediaDetails; onDeleted: () => void }) {
  return (
    <div className="grid min-w-0 gap-4 sm:grid-cols-2">
      <div className="space-y-3">
        <img
          src={item.url}
          alt={item.altText}
          className="max-h-64 w-full rounded-md bg-night-800 object-contain"
        />
        <FileActions item={item} onDeleted={onDeleted} />
      </div>
      <div className="min-w-0 space-y-4">
        <TextForm key={`${item.id}-${item.updatedAt}`} item={item} />
        <UsedIn uses={item.uses} />
      </div>
    </div>
  );
}

function TextForm({ item }: { item: MediaDetails }) {
  const [alt, setAlt] = React.useState(item.altText);
  const [caption, setCaption] = React.useState(item.caption);
  const update = useUpdateMedia();
  const toast = useToast();
  const id = React.useId();
  async function save(event: React.FormEvent) {
    event.preventDefault();
    try {
      await update.mutateAsync({ id: item.id, altText: alt, caption });
      toast({ title: "Media updated", description: "The alt text and caption are saved." });
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to save the alt text."),
        variant: "destructive",
      });
    }
  }
  return (
    <form onSubmit={save} className="space-y-3">
      <div>
        <Label htmlFor={`${id}-alt`}>Alt text</Label>
        <Input id={`${id}-alt`} value={alt} onChange={(e) => setAlt(e.target.value)} />
      </div>
      <div>
        <Label htmlFor={`${id}-caption`}>Caption</Label>
        <Textarea
          id={`${id}-caption`}
          rows={2}
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
        />
      </div>
      <Button type="submit" size="sm" disabled={update.isPending}>
        Save details
      </Button>
    </form>
  );
}

function hrefOf(use: MediaUse): string {
  if (use.kind === "post" && use.ownerId) return editPostPath(use.ownerId);
  return sectionPath(use.kind === "app" ? "apps" : "settings");
}

function UseLink({ use }: { use: MediaUse }) {
  const kind =
    use.category === "marketplace-content"
      ? "Marketplace item"
      : use.kind === "post"
        ? "Post"
        : use.kind === "app"
          ? "App"
          : "Settings";
  return (
    <Link to={hrefOf(use)} className="text-diamond-300 underline-offset-4 hover:underline">
      {kind}: {use.title}
      <span className="text-zinc-400"> ({use.fieldLabel})</span>
    </Link>
  );
}

function UsedIn({ uses }: { uses: MediaUse[] }) {
  return (
    <section aria-labelledby="media-used-in">
      <h3 id="media-used-in" className="text-sm font-semibold text-zinc-100">
        Used in
      </h3>
      {uses.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-400">Not used anywhere.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm break-words">
          {uses.map((use) => (
            <li key={`${use.kind}-${use.ownerId}-${use.field}`}>
              <UseLink use={use} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FileActions({ item, onDeleted }: { item: MediaDetails; onDeleted: () => void }) {
  const replace = useReplaceMediaFile();
  const remove = useDeleteMedia();
  const confirm = useConfirm();
  const toast = useToast();
  const input = React.useRef<HTMLInputElement>(null);
  const fail = (error: unknown, fallback: string) => {
    if (isApiError(error, 401)) return;
    toast({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });
  };

  async function onReplace(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    const refusal = imageFileRefusal(file);
    if (refusal) return fail(new Error(refusal), refusal);
    try {
      await replace.mutateAsync({ id: item.id, file });
      toast({
        title: "File replaced",
        description: describeUses(item.uses, "now show the new image"),
      });
    } catch (error) {
      fail(error, "Failed to replace the file.");
    }
  }

  async function onDelete() {
    const used = item.uses.length > 0;
    if (!(await confirm(deleteQuestion(item)))) return;
    try {
      await remove.mutateAsync({ id: item.id, removeUses: used });
      toast({ title: "Media deleted", description: `${item.originalName} is deleted.` });
      onDeleted();
    } catch (error) {
      fail(error, "Failed to delete the media item.");
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <input
        ref={input}
        type="file"
        accept={UPLOAD_IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Replacement file"
        onChange={(event) => void onReplace(event.target.files?.[0])}
      />
      <Button
        type="button"
        size="sm"
        variant="secondary"
        disabled={replace.isPending}
        onClick={() => input.current?.click()}
      >
        <ReplaceIcon aria-hidden="true" />
        {replace.isPending ? "Replacing..." : "Replace file"}
      </Button>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        className="text-redstone-300 hover:text-redstone-200"
        disabled={remove.isPending}
        onClick={() => void onDelete()}
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}
