/** One item of the media library (docs/decisions/040-media-library.md), as the API sends it. */
export type MediaItem = {
  id: string;
  /** The stored original's name. */
  fileName: string;
  /** Where it is served: /uploads/{fileName}. */
  url: string;
  /** The name the file was uploaded with. */
  originalName: string;
  mimeType: string;
  width: number;
  height: number;
  /** Bytes. */
  size: number;
  altText: string;
  caption: string;
  /** The uploader's name; null when unknown (files stored before the library). */
  uploadedBy: string | null;
  uploadedAt: string;
  updatedAt: string;
  /** How many places use it. */
  useCount: number;
};

/** What kind of thing uses an item. */
export type MediaOwnerKind = "post" | "app" | "settings";

/** One place an item is used. */
export type MediaUse = {
  kind: MediaOwnerKind;
  /** The post's or app's id; null for the settings. */
  ownerId: string | null;
  /** The post's or app's title, or "Site settings". */
  title: string;
  /** The post's category (marketplace-content is a marketplace item); null otherwise. */
  category: string | null;
  /** Where in it: content, featuredImage, socialImage, changes, logoUrl, imageUrl, defaultSocialImage. */
  field: string;
  /** What the field is called for people ("Featured image"). */
  fieldLabel: string;
};

/** An item with every place that uses it. */
export type MediaDetails = MediaItem & { uses: MediaUse[] };

/** A refused delete (409): the message and the places that use it. */
export type MediaInUse = { message: string; uses: MediaUse[] };

/** What a clean-up deleted, and what it left because it came into use meanwhile. */
export type MediaCleanupAnswer = { deleted: number; kept: number };
