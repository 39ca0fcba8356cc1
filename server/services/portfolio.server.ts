import type { PortfolioSort, PortfolioStage } from "#common/portfolio-list.ts";
import type { Db } from "#server/db/db.server.ts";
import type { PostRow } from "#server/db/tables.ts";
import {
  type Audience,
  effectiveLimit,
  publicationTime,
  publiclyVisible,
  visibleTo,
} from "./content-rules.server.ts";
import { getPostById, POST_COLUMNS } from "./post-rows.server.ts";
import { pageStaffPosts, type StaffListSort } from "./staff-post-list.server.ts";

const MARKETPLACE = "marketplace-content";

/** Marketplace-content posts the public may see, most recently published first (the portfolio). */
export function listPublishedPortfolio(db: Db, { now = new Date() }: { now?: Date } = {}) {
  return listPortfolio(db, { now, audience: "public" });
}

/**
 * Marketplace-content posts `audience` may see (staff: every status), newest first by the time
 * they went public (or go public: a pack scheduled for later comes first; a draft counts from its
 * creation). It walks posts_category_publication_idx in that order.
 */
export function listPortfolio(
  db: Db,
  { now = new Date(), audience }: { now?: Date; audience: Audience },
) {
  return db
    .selectFrom("posts")
    .select(POST_COLUMNS)
    .where("posts.category", "=", MARKETPLACE)
    .where(visibleTo(audience, now))
    .orderBy(publicationTime(), "desc")
    .orderBy("posts.id", "desc")
    .limit(effectiveLimit(undefined))
    .execute();
}

/** How many portfolio items the public may see. */
export async function countPublishedPortfolio(db: Db, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom("posts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("posts.category", "=", MARKETPLACE)
    .where(publiclyVisible(now))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The marketplace-content post with this id, any status; null for other posts. */
export async function getPortfolioPost(db: Db, id: string): Promise<PostRow | null> {
  const row = await getPostById(db, id);
  return row?.category === MARKETPLACE ? row : null;
}

/** Deletes the marketplace-content post with this id; false when there is none. */
export async function deletePortfolioPost(db: Db, id: string): Promise<boolean> {
  if (id.length > 100 || id.includes("\0")) return false;
  const result = await db
    .deleteFrom("posts")
    .where("id", "=", id)
    .where("category", "=", MARKETPLACE)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * One page of the dashboard's Marketplace table (docs/decisions/039-marketplace-table.md): the
 * staff post list with the category fixed, its launch date (releaseDate) as a sort, and a status
 * at `now` as a filter. The launch date sorts like the list's other optional dates: items without
 * one come last in both directions.
 */
export function pagePortfolio(
  db: Db,
  {
    sort,
    stage,
    now,
    ...rest
  }: {
    page: number;
    pageSize: number;
    sort: PortfolioSort;
    q: string;
    packType?: string | undefined;
    stage?: PortfolioStage | undefined;
    now: Date;
  },
) {
  return pageStaffPosts(db, {
    ...rest,
    category: MARKETPLACE,
    sort: sort.replace("launchDate", "releaseDate") as StaffListSort,
    stage: stage === undefined ? undefined : { is: stage, now },
  });
}
