import type { Editor } from "@tiptap/core";
import { ImagesIcon, StoreIcon } from "lucide-react";
import * as React from "react";
import type { GalleryImage } from "#common/editor/embed-markup.ts";
import { GalleryDialog } from "./gallery-dialog.tsx";
import { MarketplaceItemDialog } from "./marketplace-item-dialog.tsx";
import type { UploadImageFile } from "./use-image-uploads.ts";

/**
 * The toolbar's embed cards (docs/decisions/041-embed-cards.md): `Insert marketplace item` picks
 * one of the studio's items for a card at the cursor; `Insert gallery` (or `Edit gallery`, on a
 * selected gallery) asks for the gallery's images and captions.
 */
export function EmbedButtons({
  editor,
  className,
  selectedGallery,
  disabled,
  uploadImage,
}: {
  editor: Editor;
  className: string;
  /** The selected gallery's images; null when no gallery is selected. */
  selectedGallery: GalleryImage[] | null;
  disabled: boolean;
  uploadImage: UploadImageFile;
}) {
  const [picking, setPicking] = React.useState(false);
  const [gallery, setGallery] = React.useState<GalleryImage[] | null>(null);
  const galleryLabel = selectedGallery ? "Edit gallery" : "Insert gallery";
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label="Insert marketplace item"
        title="Insert marketplace item"
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setPicking(true)}
      >
        <StoreIcon aria-hidden="true" />
      </button>
      <MarketplaceItemDialog
        open={picking}
        onOpenChange={setPicking}
        onClosed={() => editor.commands.focus()}
        onPick={(card) => {
          setPicking(false);
          editor.chain().focus().insertMarketplaceCard(card).run();
        }}
      />
      <button
        type="button"
        className={className}
        aria-label={galleryLabel}
        title={galleryLabel}
        aria-pressed={selectedGallery !== null}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setGallery(selectedGallery ?? [])}
      >
        <ImagesIcon aria-hidden="true" />
      </button>
      <GalleryDialog
        images={gallery}
        onOpenChange={(open) => {
          if (!open) setGallery(null);
        }}
        onClosed={() => editor.commands.focus()}
        uploadImage={uploadImage}
        onSave={(images) => {
          setGallery(null);
          editor.chain().focus().setImageGallery(images).run();
        }}
      />
    </>
  );
}
