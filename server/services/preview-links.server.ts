import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { PreviewLinkDays } from "#common/constants.ts";
import type { Db } from "#server/db/db.server.ts";
import type { PostRow } from "#server/db/tables.ts";
import { getDisplayName, getDisplayNames } from "./people.server.ts";
import { couldBeId, getPostById } from "./post-rows.server.ts";
import { getWorkingCopy } from "./post-working-copies.server.ts";
import { fieldColumns } from "./post-writes.server.ts";

// Preview links (docs/decisions/034-preview-links.md): a random token in an address shows a post
// as its page will look. Only the token's SHA-256 is stored, so the database alone opens nothing.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long an expired or revoked link is kept, answering "expired" (410) rather than "unknown"
 * (404), before the upkeep deletes it.
 */
export const KEEP_ENDED_LINKS_MS = 30 * DAY_MS;

/** What a missing link answers (`DELETE …/preview-links/{linkId}`). */
export const PREVIEW_LINK_NOT_FOUND_MESSAGE =
  "That preview link does not exist, has expired or was already revoked.";

/** The stored form of a token: SHA-256, base64url. */
export function hashPreviewToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A live link as the editor lists it, with its maker's display name. */
export type PreviewLinkRecord = {
  id: string;
  createdAt: string;
  expiresAt: string;
  /** Whoever made it, by display name (people.server.ts); null once their login is gone. */
  makerName: string | null;
};

/**
 * Makes a link to the post that works for `days` from `now`; answers the link and its token,
 * which is stored nowhere and so can be shown only this once.
 */
export async function createPreviewLink(
  db: Db,
  options: { postId: string; userId: string; days: PreviewLinkDays; now?: Date },
): Promise<{ link: PreviewLinkRecord; token: string }> {
  const { postId, userId, days, now = new Date() } = options;
  const token = randomBytes(32).toString("base64url");
  const row = {
    id: randomUUID(),
    postId,
    tokenHash: hashPreviewToken(token),
    createdBy: userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + days * DAY_MS).toISOString(),
    revokedAt: null,
  };
  await db.insertInto("preview_links").values(row).execute();
  const { id, createdAt, expiresAt } = row;
  return {
    link: { id, createdAt, expiresAt, makerName: await getDisplayName(db, userId) },
    token,
  };
}

/** The post's links that still work at `now`, newest first. */
export async function listLivePreviewLinks(
  db: Db,
  postId: string,
  now = new Date(),
): Promise<PreviewLinkRecord[]> {
  const rows = await db
    .selectFrom("preview_links")
    .select(["id", "createdAt", "expiresAt", "createdBy"])
    .where("postId", "=", postId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  const names = await getDisplayNames(
    db,
    rows.map((row) => row.createdBy),
  );
  return rows.map(({ createdBy, ...row }) => ({
    ...row,
    makerName: (createdBy && names.get(createdBy)) ?? null,
  }));
}

/** Revokes one of the post's live links; false when it has no such link. */
export async function revokePreviewLink(
  db: Db,
  options: { postId: string; linkId: string; now?: Date },
): Promise<boolean> {
  const { postId, linkId, now = new Date() } = options;
  if (!couldBeId(linkId)) return false;
  const result = await db
    .updateTable("preview_links")
    .set({ revokedAt: now.toISOString() })
    .where("id", "=", linkId)
    .where("postId", "=", postId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * What a preview address shows: the post as its page will look (for a post with a working
 * copy, the copy's fields over the post), with the link's expiry; "ended" for a link expired
 * or revoked, "unknown" for any other token.
 */
export type PreviewAtToken =
  | { state: "live"; post: PostRow; expiresAt: string; workingCopy: boolean }
  | { state: "ended" }
  | { state: "unknown" };

/** The post a preview token shows at `now` (PreviewAtToken). */
export async function findPreview(
  db: Db,
  token: string,
  now = new Date(),
): Promise<PreviewAtToken> {
  // Tokens are 43 characters; anything far longer is not one, and is not worth hashing.
  if (token.length > 100) return { state: "unknown" };
  const link = await db
    .selectFrom("preview_links")
    .select(["postId", "expiresAt", "revokedAt"])
    .where("tokenHash", "=", hashPreviewToken(token))
    .executeTakeFirst();
  if (!link) return { state: "unknown" };
  if (link.revokedAt !== null || Date.parse(link.expiresAt) <= now.getTime()) {
    return { state: "ended" };
  }
  const row = await getPostById(db, link.postId);
  // The link goes with its post; a post deleted a moment ago reads as a link that ended.
  if (!row) return { state: "ended" };
  const copy = await getWorkingCopy(db, row.id);
  const post = copy ? { ...row, ...fieldColumns(copy.values) } : row;
  return { state: "live", post, expiresAt: link.expiresAt, workingCopy: copy !== null };
}

/** Deletes links that ended more than KEEP_ENDED_LINKS_MS before `now`; answers how many. */
export async function pruneEndedPreviewLinks(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_ENDED_LINKS_MS).toISOString();
  const result = await db
    .deleteFrom("preview_links")
    .where((eb) => eb.or([eb("expiresAt", "<", before), eb("revokedAt", "<", before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
