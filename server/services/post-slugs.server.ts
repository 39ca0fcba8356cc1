import { numberedSlug, slugFromTitle } from "#common/post-slug.ts";
import type { Db } from "#server/db/db.server.ts";

// A slug that follows the title (docs/product/content-model.md#slugs): the title's slug, or with
// a counter (-2, -3, ...) when another post has it or once had it (its old address redirects).

/** How many numbered slugs one look-up asks about. */
const BATCH = 20;
/** Beyond this many numbers the title's own slug is kept, and its clash answers 409. */
const MAX_NUMBER = 1_000;

/**
 * The slug to store for a save: with `fromTitle`, the first free one of the title's slug and its
 * numbered forms, seen from inside the save's transaction; otherwise (or for a title without
 * letters or digits) `slug` as sent. A slug is taken when another post has it, or when it is an
 * old address that redirects to another post: a new post must not take over such an address.
 */
export async function slugToStore(
  trx: Db,
  {
    title,
    slug,
    fromTitle,
    postId,
  }: { title: string; slug: string; fromTitle: boolean; postId: string },
): Promise<string> {
  const base = fromTitle ? slugFromTitle(title) : "";
  if (base === "") return slug;
  for (let first = 1; first <= MAX_NUMBER; first += BATCH) {
    const candidates = Array.from({ length: BATCH }, (_, index) =>
      numberedSlug(base, first + index),
    );
    const taken = await takenSlugs(trx, candidates, postId);
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (free !== undefined) return free;
  }
  return base;
}

/** Which of `slugs` belong to a post other than `postId`, now or as an old address. */
async function takenSlugs(trx: Db, slugs: string[], postId: string): Promise<Set<string>> {
  const rows = await trx
    .selectFrom("posts")
    .select("slug")
    .where("slug", "in", slugs)
    .where("id", "!=", postId)
    .union(
      trx
        .selectFrom("post_slug_redirects")
        .select("slug")
        .where("slug", "in", slugs)
        .where("postId", "!=", postId),
    )
    .execute();
  return new Set(rows.map((row) => row.slug));
}
