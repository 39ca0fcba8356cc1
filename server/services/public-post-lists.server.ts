import {
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { Db } from "#server/db/db.server.ts";
import { dbKindOf } from "#server/db/dialect.server.ts";
import { reusableQuery } from "#server/db/reusable-query.server.ts";
import type { Database } from "#server/db/tables.ts";
import {
  type Audience,
  effectiveLimit,
  PUBLIC_STATUSES,
  publicationTime,
  publiclyVisible,
  visibleTo,
} from "./content-rules.server.ts";
import { POST_COLUMNS } from "./post-rows.server.ts";

/**
 * The public lists of posts (docs/product/content-model.md#posts): what the home page, /news, the
 * videos page, the RSS feed, the sitemap and the public list calls show, most recently published
 * first.
 */

type ListOptions = { limit?: number | undefined; now?: Date };

type Where = (eb: ExpressionBuilder<Database, "posts">) => Expression<SqlBool>;

// Public lists are ordered by publicationTime() (content-rules.server.ts), newest first, the id
// breaking ties, and each query walks an index of migration 0005 in that order and stops at the
// limit instead of sorting every visible post. The two planners need two shapes for that.
//
// SQLite: listing every publicly visible post (no category) is written as one SELECT per status
// the visibility rule admits (PUBLIC_STATUSES), each with the whole rule, joined by UNION ALL,
// then ordered and limited. That returns exactly the rows, in exactly the order, of one SELECT
// `where publiclyVisible(now)`. Given that single SELECT, whose rule is an OR over `status`,
// SQLite collects every visible post, content included (a MULTI-INDEX OR), and sorts them all in
// a temporary B-tree before applying the limit: 1.7 ms per call for 3 of 1,000 posts shaped like
// the benchmark's. Given one SELECT per status, EXPLAIN QUERY PLAN shows a MERGE (UNION ALL) of
// two `SEARCH posts USING INDEX posts_status_publication_idx (status=?)` and no temporary
// B-tree: each part walks the index newest first, ties included, and the merge stops at the
// limit: 0.20–0.24 ms per call for 3 posts, against 0.29–0.47 ms for the creation-time order it
// replaced (three parts, each sorting its ties in a temporary B-tree). With a category, the
// single SELECT walks posts_category_publication_idx (`SEARCH … (category=?)`, no sort). The
// merge finds the ids only, in a subquery, and the limited rows are then read by id
// (selectSqlitePublicPage): a merge of whole rows reads the head row of every part, HTML and
// all, to compare keys. Since migration 0008 the index also holds scheduledAt, so the scheduled
// part skips the posts scheduled for later (which sort first) in the index, without reading
// their rows: before it, three posts of 10,000 shaped like the benchmark's cost 5 ms and grew
// with those posts.
//
// PostgreSQL does not merge the parts of such a UNION ALL in order: each part's status condition
// stays a filter of that part, so its index order does not count, and it sorts the appended rows
// (a top-N heapsort of every visible post). The single SELECT instead walks
// posts_public_publication_idx, whose condition (status published or scheduled) the planner
// proves from the visibility rule: EXPLAIN shows `Index Scan Backward using
// posts_public_publication_idx`, filtering out only the posts scheduled for later (whose time
// sorts first), and `Limit` stops it. With a category it walks posts_category_publication_idx.
// See docs/benchmarks.md.

/**
 * Publicly visible posts by the time they went public, newest first, at most `limit` (capped),
 * optionally of one category.
 */
export function listPublishedPosts(
  db: Db,
  { limit, now = new Date(), category }: ListOptions & { category?: string } = {},
) {
  if (category) return latestOfCategory(db, POST_COLUMNS, { limit, now, category });
  if (dbKindOf(db) === "sqlite") {
    return latestPostsOnSqlite(db, { now, limit });
  }
  return latestPublicOnPostgres(db, POST_COLUMNS, { limit, now });
}

/**
 * The latest publicly visible posts of one category with `columns`, newest first, walking
 * posts_category_publication_idx.
 */
function latestOfCategory<C extends (typeof POST_COLUMNS)[number]>(
  db: Db,
  columns: readonly C[],
  { limit, now, category }: { limit: number | undefined; now: Date; category: string },
) {
  return db
    .selectFrom("posts")
    .select(columns)
    .where("posts.category", "=", category)
    .where(publiclyVisible(now))
    .orderBy(publicationTime(), "desc")
    .orderBy("posts.id", "desc")
    .limit(effectiveLimit(limit))
    .execute();
}

/** What a feed item shows of a post, its content included (the feed's HTML). */
const FEED_COLUMNS = [
  "posts.id",
  "posts.title",
  "posts.slug",
  "posts.excerpt",
  "posts.metaDescription",
  "posts.content",
  "posts.status",
  "posts.featuredImage",
  "posts.scheduledAt",
  "posts.publishedAt",
  "posts.createdAt",
  "posts.tags",
] as const;

/** The feed's latest `limit` public posts of `category`, newest first (category index). */
export function listFeedPosts(
  db: Db,
  { limit, now = new Date(), category }: { limit: number; now?: Date; category: string },
) {
  return latestOfCategory(db, FEED_COLUMNS, { limit, now, category });
}

/**
 * PostgreSQL's publicly visible posts with `columns` and their `publicationTime`, newest first,
 * at most `limit`, in one SELECT (why: the comment above listPublishedPosts). SQLite's are
 * latestPublicOnSqlite's.
 */
function latestPublicOnPostgres<C extends (typeof POST_COLUMNS)[number]>(
  db: Db,
  columns: readonly C[],
  { limit, now }: { limit: number | undefined; now: Date },
) {
  return db
    .selectFrom("posts")
    .select(columns)
    .select(publicationTime().as("publicationTime"))
    .where(publiclyVisible(now))
    .orderBy("publicationTime", "desc")
    .orderBy("posts.id", "desc")
    .limit(effectiveLimit(limit))
    .execute();
}

const SUMMARY_COLUMNS = [
  "posts.id",
  "posts.title",
  "posts.status",
  "posts.category",
  "posts.createdAt",
  "posts.slug",
  "posts.excerpt",
  "posts.scheduledAt",
  "posts.publishedAt",
] as const;

/**
 * The short form of the posts `audience` may see (the public by default), by publication time,
 * newest first; staff also see drafts (by creation time) and posts scheduled for later (by
 * their scheduled time, so at the top).
 */
export function listPublicPostSummaries(
  db: Db,
  { limit, now = new Date(), audience = "public" }: ListOptions & { audience?: Audience } = {},
) {
  if (audience === "public") {
    if (dbKindOf(db) === "sqlite") {
      return latestSummariesOnSqlite(db, { now, limit });
    }
    return latestPublicOnPostgres(db, SUMMARY_COLUMNS, { limit, now });
  }
  // Staff read the whole list (the dashboard asks for all of it), so sorting it is the work
  // anyway; they bypass the response cache, and no index is kept for them alone.
  return db
    .selectFrom("posts")
    .select(SUMMARY_COLUMNS)
    .where(visibleTo(audience, now))
    .orderBy(publicationTime(), "desc")
    .orderBy("posts.id", "desc")
    .limit(effectiveLimit(limit))
    .execute();
}

/**
 * The ids and publication times of SQLite's publicly visible posts (those matching `where`, if
 * given), ordered by publication in `direction`: one SELECT per public status (publicOfStatus)
 * merged by UNION ALL, each walking posts_status_publication_idx (the comment above
 * listPublishedPosts). `now` may be a reusableQuery stand-in.
 */
function publicKeysOnSqlite(
  db: Db,
  { now, direction, where }: { now: Date | string; direction: "asc" | "desc"; where?: Where },
) {
  return PUBLIC_STATUSES.map((status) => {
    const part = db
      .selectFrom("posts")
      .select("posts.id")
      .select(publicationTime().as("publicationTime"))
      .where(publicOfStatus(status, now));
    return where ? part.where(where) : part;
  })
    .reduce((union, query) => union.unionAll(query))
    .orderBy("publicationTime", direction)
    .orderBy("id", direction);
}

/**
 * SQLite's public page: the publicly visible posts (those matching `where`, if given) with
 * `columns` and their `publicationTime`, in publication order, `offset` skipped and at most
 * `limit`, in one statement: the page's keys (publicKeysOnSqlite) as a subquery, which SQLite
 * runs as a co-routine handing out the merged keys in order, and each key's row read by its id,
 * in that order, with no sort. For the published part no row is read but the page's, however
 * deep the page: a merge of whole rows would read the head row of every part, HTML and all, to
 * compare keys, and every row skipped on the way. (Two statements, the keys and then the rows by
 * id, cost SQLite half as much again, and the driver a second round.) `now` and `limit` may be
 * reusableQuery stand-ins.
 */
export function selectSqlitePublicPage<C extends (typeof POST_COLUMNS)[number]>(
  db: Db,
  columns: readonly C[],
  {
    now,
    direction,
    where,
    limit,
    offset = 0,
  }: {
    now: Date | string;
    direction: "asc" | "desc";
    where?: Where;
    limit: number | RawBuilder<number>;
    offset?: number;
  },
) {
  const keys = publicKeysOnSqlite(db, { now, direction, where })
    .limit(limit)
    .offset(offset)
    .as("keys");
  return db
    .selectFrom(keys)
    .innerJoin("posts", "posts.id", "keys.id")
    .select(columns)
    .select("keys.publicationTime")
    .orderBy("keys.publicationTime", direction)
    .orderBy("keys.id", direction);
}

/**
 * SQLite's latest publicly visible posts with `columns`, newest first (selectSqlitePublicPage),
 * the query built and compiled once by Kysely (reusableQuery): the public list calls ask for them
 * on every request, and building and compiling the query cost more than SQLite took to answer it.
 */
function latestPublicOnSqlite<C extends (typeof POST_COLUMNS)[number]>(columns: readonly C[]) {
  const latest = reusableQuery(["now", "limit"], (db, { now, limit }) =>
    selectSqlitePublicPage(db, columns, { now, direction: "desc", limit: sql<number>`${limit}` }),
  );
  return (db: Db, { now, limit }: { now: Date; limit: number | undefined }) =>
    latest(db, { now: now.toISOString(), limit: effectiveLimit(limit) });
}

const latestPostsOnSqlite = latestPublicOnSqlite(POST_COLUMNS);
const latestSummariesOnSqlite = latestPublicOnSqlite(SUMMARY_COLUMNS);

/**
 * The visibility rule for the posts of one public status: every published post, and a scheduled
 * one whose time has come. The same rows as `status = {status} AND publiclyVisible(now)`, but the
 * published part names no column outside posts_status_publication_idx (status, publication
 * time, id), so SQLite walks, counts and skips those rows in the index alone, without reading
 * the rows themselves (whose HTML lies before scheduledAt in each record).
 */
export function publicOfStatus(status: (typeof PUBLIC_STATUSES)[number], now: Date | string) {
  const nowIso = typeof now === "string" ? now : now.toISOString();
  return (eb: ExpressionBuilder<Database, "posts">) =>
    status === "published"
      ? eb("posts.status", "=", "published")
      : eb.and([eb("posts.status", "=", "scheduled"), eb("posts.scheduledAt", "<=", nowIso)]);
}

/** Where a part of the sitemap starts: a post's publication time and id, in list order. */
export type ListKey = { publicationTime: string; id: string };

/** Addresses per part of the sitemap (the sitemap protocol allows 50,000; we keep parts small). */
export const SITEMAP_PART_SIZE = 1000;

/**
 * The publicly visible posts from `from` on (that post included; the first when null), oldest
 * publication first, skipping `offset` and answering at most `limit`. Keyset paging: it walks
 * the publication index from the key, so each part costs the same whatever the post count.
 */
function publicAscendingFrom<C extends (typeof POST_COLUMNS)[number]>(
  db: Db,
  columns: readonly C[],
  { now, from, limit, offset }: { now: Date; from: ListKey | null; limit: number; offset: number },
) {
  const fromKey = (eb: ExpressionBuilder<Database, "posts">) =>
    from === null
      ? eb.lit(true)
      : sql<SqlBool>`(${publicationTime()}, ${sql.ref("posts.id")}) >= (${from.publicationTime}, ${from.id})`;
  const part = (status: (typeof PUBLIC_STATUSES)[number] | null) =>
    db
      .selectFrom("posts")
      .select(columns)
      .select(publicationTime().as("publicationTime"))
      .where(status === null ? publiclyVisible(now) : publicOfStatus(status, now))
      .where(fromKey);
  // One SELECT per public status on SQLite, one on PostgreSQL (the comment above
  // listPublishedPosts).
  const query =
    dbKindOf(db) === "postgres"
      ? part(null)
      : PUBLIC_STATUSES.map((status) => part(status)).reduce((union, q) => union.unionAll(q));
  return query
    .orderBy("publicationTime", "asc")
    .orderBy("id", "asc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Where each part of the sitemap starts: the first publicly visible post, then every
 * SITEMAP_PART_SIZE-th after it, oldest publication first, so a new post joins the last part and
 * the earlier parts keep their addresses. Each step walks one part's length of the index.
 */
export async function sitemapPartStarts(
  db: Db,
  { now = new Date(), size = SITEMAP_PART_SIZE }: { now?: Date; size?: number } = {},
): Promise<ListKey[]> {
  const starts: ListKey[] = [];
  let from: ListKey | null = null;
  for (;;) {
    const rows: { id: string; publicationTime: string }[] = await publicAscendingFrom(
      db,
      ["posts.id"],
      {
        now,
        from,
        limit: 1,
        offset: from === null ? 0 : size,
      },
    );
    const row = rows[0];
    if (!row) return starts;
    from = { publicationTime: String(row.publicationTime), id: row.id };
    starts.push(from);
  }
}

/**
 * How long the sitemap index reuses the part starts it worked out: finding them walks the
 * whole public list, so the index does it at most once a minute per process, whatever the
 * traffic. Meanwhile a new post still shows at once in the last part (parts are read live);
 * a last part already full, or a post published with an earlier time, shows in the index's
 * next minute. Search engines keep the index for five minutes anyway (its Cache-Control).
 */
export const SITEMAP_STARTS_REUSE_MS = 60_000;

const reusedStarts = new WeakMap<Db, { at: number; starts: Promise<ListKey[]> }>();

/** sitemapPartStarts, reused for SITEMAP_STARTS_REUSE_MS per database (one per process). */
export function reusedSitemapPartStarts(db: Db, now = new Date()): Promise<ListKey[]> {
  const kept = reusedStarts.get(db);
  const age = kept ? now.getTime() - kept.at : Number.POSITIVE_INFINITY;
  if (kept && age >= 0 && age < SITEMAP_STARTS_REUSE_MS) return kept.starts;
  const starts = sitemapPartStarts(db, { now });
  reusedStarts.set(db, { at: now.getTime(), starts });
  // A failed walk (a database that does not answer) is not kept: the next request tries again.
  starts.catch(() => {
    if (reusedStarts.get(db)?.starts === starts) reusedStarts.delete(db);
  });
  return starts;
}

/**
 * One part of the sitemap: the slugs and publication times of `size` posts from `from` on, and
 * whether each is kept out of search engines (the sitemap leaves those out; they still count
 * towards the part, so the parts keep where they start).
 */
export function listSitemapPart(
  db: Db,
  {
    now = new Date(),
    from,
    size = SITEMAP_PART_SIZE,
  }: { now?: Date; from: ListKey | null; size?: number },
) {
  return publicAscendingFrom(
    db,
    [
      "posts.id",
      "posts.slug",
      "posts.status",
      "posts.scheduledAt",
      "posts.publishedAt",
      "posts.noIndex",
    ],
    { now, from, limit: size, offset: 0 },
  );
}
