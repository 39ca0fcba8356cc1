/** A tag in use and how many posts carry it (`GET /api/tags`). */
export type TagCount = { tag: string; posts: number };

/** What a rename or a merge answers: the tag now, on how many posts, and how many changed. */
export type TagChangeAnswer = {
  tag: string;
  /** The posts that carry the tag now. */
  posts: number;
  /** The posts whose tags were rewritten. */
  changed: number;
};
