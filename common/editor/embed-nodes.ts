import { Node, type SingleCommands } from "@tiptap/core";
import type { DOMOutputSpec } from "@tiptap/pm/model";
import { NodeSelection, type Selection } from "@tiptap/pm/state";
import { isAllowedImageSrc, isAllowedLinkHref } from "./allowed-html.ts";
import {
  GALLERY_CAPTION_MAX,
  GALLERY_MAX_IMAGES,
  type GalleryImage,
  IMAGE_GALLERY_ATTRIBUTE,
  isMarketplaceItemId,
  MARKETPLACE_ITEM_ATTRIBUTE,
} from "./embed-markup.ts";

// The editor's embed cards (docs/decisions/041-embed-cards.md): blocks that are edited as a
// whole, never typed into. Each writes exactly the markup embed-markup.ts describes and the
// server's sanitizer keeps, and reads back only that.

export type MarketplaceCardAttributes = { id: string; href: string; title: string };

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    marketplaceCard: {
      /** Inserts a card for a marketplace item at the selection. */
      insertMarketplaceCard: (attributes: MarketplaceCardAttributes) => ReturnType;
    };
    imageGallery: {
      /** Inserts a gallery, or replaces the selected one, with these images. */
      setImageGallery: (images: GalleryImage[]) => ReturnType;
    };
  }
}

/**
 * Inserts a block at the selection; with a whole block selected (a card just inserted), after it
 * rather than in its place.
 */
function insertBlock(
  commands: SingleCommands,
  selection: Selection,
  content: { type: string; attrs: Record<string, unknown> },
): boolean {
  if (selection instanceof NodeSelection) return commands.insertContentAt(selection.to, content);
  return commands.insertContent(content);
}

/** A marketplace item card: the item's id, and its title and page as a plain link. */
export const MarketplaceCard = Node.create({
  name: "marketplaceCard",
  group: "block",
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      id: { default: null, rendered: false },
      href: { default: null, rendered: false },
      title: { default: "", rendered: false },
    };
  },
  parseHTML() {
    return [
      {
        tag: `a[${MARKETPLACE_ITEM_ATTRIBUTE}]`,
        // Before the link mark, which would otherwise take the element as a plain link.
        priority: 100,
        getAttrs: (element) => {
          const id = element.getAttribute(MARKETPLACE_ITEM_ATTRIBUTE);
          const href = element.getAttribute("href") ?? "";
          if (!isMarketplaceItemId(id) || !isAllowedLinkHref(href)) return false;
          return { id, href, title: (element.textContent ?? "").trim() };
        },
      },
    ];
  },
  renderHTML({ node }): DOMOutputSpec {
    const { id, href, title } = node.attrs as MarketplaceCardAttributes;
    return ["a", { [MARKETPLACE_ITEM_ATTRIBUTE]: id, href }, title || href];
  },
  addCommands() {
    return {
      insertMarketplaceCard:
        (attributes) =>
        ({ commands, state }) =>
          insertBlock(commands, state.selection, { type: this.name, attrs: attributes }),
    };
  },
});

/** The images of a gallery element: each figure's image and caption, unsafe images left out. */
export function readGalleryImages(element: HTMLElement): GalleryImage[] {
  const images: GalleryImage[] = [];
  for (const figure of Array.from(element.querySelectorAll("figure"))) {
    const image = figure.querySelector("img");
    const src = image?.getAttribute("src") ?? "";
    if (!isAllowedImageSrc(src)) continue;
    const caption = figure.querySelector("figcaption")?.textContent ?? "";
    images.push({
      src,
      alt: image?.getAttribute("alt") ?? "",
      caption: caption.trim().slice(0, GALLERY_CAPTION_MAX),
    });
  }
  return images.slice(0, GALLERY_MAX_IMAGES);
}

/** An image gallery: several images, each with its alt text and an optional caption. */
export const ImageGallery = Node.create({
  name: "imageGallery",
  group: "block",
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      images: {
        default: [],
        rendered: false,
        parseHTML: (element) => readGalleryImages(element),
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: `div[${IMAGE_GALLERY_ATTRIBUTE}]`,
        priority: 100,
        getAttrs: (element) => (readGalleryImages(element).length > 0 ? null : false),
      },
    ];
  },
  renderHTML({ node }): DOMOutputSpec {
    const images = node.attrs.images as GalleryImage[];
    const figures: DOMOutputSpec[] = images.map(({ src, alt, caption }) =>
      caption
        ? ["figure", {}, ["img", { src, alt }], ["figcaption", {}, caption]]
        : ["figure", {}, ["img", { src, alt }]],
    );
    return ["div", { [IMAGE_GALLERY_ATTRIBUTE]: "" }, ...figures];
  },
  addCommands() {
    return {
      setImageGallery:
        (images) =>
        ({ commands, state }) => {
          const kept = images
            .filter((image) => isAllowedImageSrc(image.src))
            .slice(0, GALLERY_MAX_IMAGES)
            .map((image) => ({ ...image, caption: image.caption.trim() }));
          if (kept.length === 0) return false;
          const selected =
            state.selection instanceof NodeSelection &&
            state.selection.node.type.name === this.name;
          if (selected) return commands.updateAttributes(this.name, { images: kept });
          return insertBlock(commands, state.selection, {
            type: this.name,
            attrs: { images: kept },
          });
        },
    };
  },
});
