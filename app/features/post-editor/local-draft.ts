import {
  PACK_TYPES,
  POST_CATEGORIES,
  POST_STATUSES,
  type PostCategory,
} from "#common/constants.ts";
import { z } from "#common/zod.ts";
import type { PostEditorValues } from "./post-form.ts";

/**
 * The editor's local copy (docs/decisions/008-editor-saves.md, docs/product/editor.md#editor): the
 * form as it was last typed, kept in this browser until the server holds it, so a reload, a
 * crash or a sign-in in between loses nothing. One entry per post; a new post has one per
 * address it was started from.
 */

/** Changed whenever the shape of an entry changes: an entry of another version is ignored. */
export const LOCAL_DRAFT_VERSION = 1;

/**
 * The longest entry kept, in characters. The content alone may be 200,000; a featured image that
 * arrived as a data: URL (a video's thumbnail) adds a few hundred thousand more. Browsers allow
 * about five million characters per site, shared by every post's copy.
 */
export const MAX_LOCAL_DRAFT_CHARS = 2_000_000;

const PREFIX = "studio-editor:";

/** The key of a post's copy: its id, or "new" (with the category the address asked for). */
export function localDraftKey(postId: string | null, category: PostCategory | null): string {
  if (postId !== null) return `${PREFIX}${postId}`;
  return category ? `${PREFIX}new:${category}` : `${PREFIX}new`;
}

export type LocalDraft = {
  /** When the form last held these values (ISO-8601). */
  savedAt: string;
  /** The `updatedAt` of the saved post the changes were made on; null for a new post. */
  basedOn: string | null;
  values: PostEditorValues;
};

const ValuesSchema = z.object({
  title: z.string(),
  slug: z.string(),
  slugFromTitle: z.boolean().default(false),
  content: z.string(),
  excerpt: z.string(),
  status: z.enum(POST_STATUSES),
  category: z.enum(POST_CATEGORIES),
  packType: z.union([z.enum(PACK_TYPES), z.literal("")]),
  marketplaceUrl: z.string(),
  youtubeUrl: z.string(),
  featuredImage: z.string(),
  featuredImageAlt: z.string(),
  releaseDate: z.string(),
  tags: z.array(z.string()),
  scheduledAt: z.string(),
  timezone: z.string(),
  // A copy kept before the search and social settings existed: their defaults.
  metaTitle: z.string().default(""),
  metaDescription: z.string().default(""),
  socialImage: z.string().default(""),
  socialTitle: z.string().default(""),
  socialDescription: z.string().default(""),
  canonicalUrl: z.string().default(""),
  noIndex: z.boolean().default(false),
});

const EntrySchema = z.object({
  version: z.literal(LOCAL_DRAFT_VERSION),
  savedAt: z.iso.datetime(),
  basedOn: z.string().nullable(),
  values: ValuesSchema,
});

/** The part of the Web Storage API the copy needs (localStorage in the browser). */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The copy stored under `key`, or null. An entry that cannot be used (unreadable, from another
 * version of the editor, larger than any the editor writes) is removed, so it is not read again.
 */
export function readLocalDraft(storage: DraftStorage, key: string): LocalDraft | null {
  let text: string | null;
  try {
    text = storage.getItem(key);
  } catch {
    // Storage switched off or refused by the browser: there is simply no copy.
    return null;
  }
  if (text === null) return null;
  const entry = text.length <= MAX_LOCAL_DRAFT_CHARS ? parseEntry(text) : null;
  if (entry === null) removeLocalDraft(storage, key);
  return entry;
}

function parseEntry(text: string): LocalDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const result = EntrySchema.safeParse(parsed);
  if (!result.success) return null;
  const { savedAt, basedOn, values } = result.data;
  return { savedAt, basedOn, values };
}

/**
 * Stores the copy; answers whether it was kept. A copy too large, or refused because the
 * browser's storage is full, is not kept, and the one stored before it stays: typing must go on
 * whatever the storage says.
 */
export function writeLocalDraft(storage: DraftStorage, key: string, draft: LocalDraft): boolean {
  const text = JSON.stringify({ version: LOCAL_DRAFT_VERSION, ...draft });
  if (text.length > MAX_LOCAL_DRAFT_CHARS) return false;
  try {
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

export function removeLocalDraft(storage: DraftStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to remove from a storage the browser refuses.
  }
}

/** The browser's localStorage, or null where there is none (or it may not be touched). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
