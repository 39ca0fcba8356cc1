/**
 * The stored markup of the editor's embed cards (docs/decisions/041-embed-cards.md). Pure data
 * and pure functions: the editor, the server's sanitizer and the renderers of the public page,
 * the feed and the newsletter all read the cards through these names.
 *
 * - A marketplace item card is a link that names the item by id, its text the item's title and
 *   its address the item's page when the card was inserted:
 *   `<a data-marketplace-item="{uuid}" href="/post/{slug}">{title}</a>`. Pages show the item's
 *   current data in its place; anything that cannot (an old reader) still has the link.
 * - An image gallery is `<div data-image-gallery="">` holding one
 *   `<figure><img src alt><figcaption>{caption}</figcaption></figure>` per image (no
 *   figcaption for an image without a caption).
 * - A YouTube video keeps the editor's YouTube extension's markup
 *   (`<div data-youtube-video=""><iframe src="…/embed/{id}…"></iframe></div>`); only its display
 *   changes.
 */

/** The attribute of a marketplace item card: the item's id. */
export const MARKETPLACE_ITEM_ATTRIBUTE = "data-marketplace-item";

/** The attribute that marks an image gallery. */
export const IMAGE_GALLERY_ATTRIBUTE = "data-image-gallery";

/** The most images one gallery holds. */
export const GALLERY_MAX_IMAGES = 24;

/** The longest caption of a gallery image, in characters. */
export const GALLERY_CAPTION_MAX = 300;

/** A portfolio item's id: a UUID, in lower case as the server makes them. */
const ITEM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isMarketplaceItemId(value: string | null | undefined): value is string {
  return typeof value === "string" && ITEM_ID.test(value);
}

/** One image of a gallery as the editor holds it. */
export type GalleryImage = { src: string; alt: string; caption: string };
