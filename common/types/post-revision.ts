import type { RevisionKind } from "#common/constants.ts";
import type { PostSeoFields } from "#common/schemas/post-seo.ts";
import type { Post } from "./post.ts";

// What the editor's save calls answer besides posts (docs/decisions/008-editor-saves.md):
// working copies, revisions, autosaves and version conflicts. Timestamps are ISO-8601 strings;
// every `savedBy` is a person's display name (docs/product/content-model.md#people), null when
// unknown.

/** The editor's fields of a post, as a working copy holds them. */
export type WorkingCopyValues = Pick<
  Post,
  | "title"
  | "slug"
  | "excerpt"
  | "content"
  | "category"
  | "packType"
  | "marketplaceUrl"
  | "youtubeUrl"
  | "featuredImage"
  | "featuredImageAlt"
  | "releaseDate"
  | "tags"
  | "timezone"
  | keyof PostSeoFields
>;

/** A published or scheduled post's autosaved edits, not yet live. */
export type WorkingCopy = {
  values: WorkingCopyValues;
  /** The post's version it was made from. */
  baseVersion: number;
  savedAt: string;
  savedBy: string | null;
};

/** `GET /api/posts/{id}/working-copy`. */
export type WorkingCopyAnswer = { workingCopy: WorkingCopy | null };

/** One line of `GET /api/posts/{id}/revisions`. */
export type PostRevisionSummary = {
  id: string;
  kind: RevisionKind;
  /** The post's status after that save. */
  status: string;
  title: string;
  savedAt: string;
  savedBy: string | null;
};

/** `GET /api/posts/{id}/revisions/{rev}`: every recorded field. */
export type PostRevision = PostRevisionSummary & {
  postId: string;
  slug: string;
  excerpt: string | null;
  content: string;
  featuredImage: string | null;
  featuredImageAlt: string | null;
  tags: string[];
  /** The user id of the post's author. */
  authorId: string | null;
} & PostSeoFields;

/** `PUT /api/posts/{id}/autosave`: where the autosave went, and the post's version after it. */
export type AutosaveAnswer = {
  target: "post" | "working-copy";
  version: number;
  savedAt: string;
  /**
   * The slug as stored: for a draft whose slug follows the title, the title's slug with a counter
   * when another post has it (docs/product/content-model.md#slugs).
   */
  slug: string;
  /**
   * The featured image as stored: an image sent inline (a data: URL) is now an uploaded file's
   * name, which the editor sends from then on instead of the image itself.
   */
  featuredImage: string | null;
};

/** `POST /api/posts/{id}/revisions/{rev}/restore`. */
export type RestoreAnswer = { post: Post; workingCopy: WorkingCopy | null };

/** The `conflict` of a 409 answer to a save made from an old version. */
export type VersionConflict = {
  version: number;
  updatedAt: string;
  updatedBy: string | null;
};
