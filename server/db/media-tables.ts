// The media library's tables (docs/decisions/040-media-library.md), apart from tables.ts to keep
// each file readable; tables.ts names them in the Database type.

/** One stored image (migration 0022). */
export type MediaTable = {
  id: string;
  /** The original's name in the upload store, served at /uploads/{fileName}. */
  fileName: string;
  /** The name of the file as it was uploaded (what the library searches and sorts by). */
  originalName: string;
  mimeType: string;
  width: number;
  height: number;
  /** The original's size in bytes. */
  size: number;
  altText: string;
  caption: string;
  /** The user id of whoever uploaded it; null for files stored before the library. */
  uploadedBy: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Where a media item is used, derived when the owner is written (migration 0022). */
export type MediaUsesTable = {
  mediaId: string;
  /** "post:{id}", "app:{id}" or "settings". */
  owner: string;
  /** The place in the owner: content, featuredImage, socialImage, changes, logoUrl, … */
  field: string;
  postId: string | null;
  appId: string | null;
};
