import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "#server/db/db.server.ts";
import { dbKindOf } from "#server/db/dialect.server.ts";
import type { Database } from "#server/db/tables.ts";
import {
  type Audience,
  PUBLIC_STATUSES,
  publicationTime,
  visibleTo,
} from "./content-rules.server.ts";
import { publicOfStatus, selectSqlitePublicPage } from "./public-post-lists.server.ts";

/**
 * One page of a public list (docs/product/public-site.md#paged-lists): /news, /studio and the paged
 * forms of the public list calls. Each asks the database for the rows of one page, with only the
 * columns a card shows (never the post's HTML), and for the count of the whole list; search and
 * filters are conditions of the same query, so nothing is filtered in JavaScript.
 */

type Where = (eb: ExpressionBuilder<Database, "posts">) => Expression<SqlBool>;

/** The columns a list card shows, for a news card and the paged API alike. */
export const CARD_COLUMNS = [
  "posts.id",
  "posts.title",
  "posts.slug",
  "posts.excerpt",
  "posts.status",
  "posts.category",
  "posts.featuredImage",
  "posts.featuredImageAlt",
  "posts.scheduledAt",
  "posts.publishedAt",
  "posts.createdAt",
] as const;

/** What a studio card shows of a marketplace pack. */
export const PACK_CARD_COLUMNS = [
  ...CARD_COLUMNS,
  "posts.packType",
  "posts.marketplaceUrl",
  "posts.releaseDate",
] as const;

export type ListSort = "newest" | "oldest" | "title";

export type PageRequest = { page: number; pageSize: number };

/**
 * A search term as a LIKE pattern matching it anywhere: `%`, `_` and `\` in the term stand for
 * themselves.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `column` contains the term, ignoring case: ILIKE on PostgreSQL, LIKE on SQLite (whose LIKE
 * ignores the case of ASCII letters only; docs/decisions/012-paged-lists.md).
 */
export function containsTerm(db: Db, column: string, term: string) {
  const operator = sql.raw(dbKindOf(db) === "postgres" ? "ilike" : "like");
  return sql<SqlBool>`coalesce(${sql.ref(column)}, '') ${operator} ${containsPattern(term)} escape '\\'`;
}

/**
 * The post carries `tag` (exactly, as stored): looked up in post_tags by its tag index, so a
 * tagged list reads the rows of its tag rather than every post's list of tags.
 */
export function taggedWith(eb: ExpressionBuilder<Database, "posts">, tag: string) {
  return eb(
    "posts.id",
    "in",
    eb.selectFrom("post_tags").select("post_tags.postId").where("post_tags.tag", "=", tag),
  );
}

/**
 * The rows of the publicly visible posts (or what `audience` may see) that `where` keeps, in
 * `sort` order, `pageSize` of them from page `page`. Newest and oldest walk the publication
 * indexes of migration 0005 (on SQLite as one SELECT per public status merged by UNION ALL, as
 * listPublishedPosts explains); alphabetical sorts what the conditions keep.
 */
export function selectPage<C extends (typeof PACK_CARD_COLUMNS)[number]>(
  db: Db,
  columns: readonly C[],
  {
    now,
    audience = "public",
    where,
    sort,
    page,
    pageSize,
  }: PageRequest & { now: Date; audience?: Audience; where: Where; sort: ListSort },
) {
  const offset = (page - 1) * pageSize;
  const direction = sort === "oldest" ? "asc" : "desc";
  if (sort === "title") {
    return db
      .selectFrom("posts")
      .select(columns)
      .select(publicationTime().as("publicationTime"))
      .where(visibleTo(audience, now))
      .where(where)
      .orderBy(titleKey(db))
      .orderBy(publicationTime(), "desc")
      .orderBy("posts.id", "desc")
      .limit(pageSize)
      .offset(offset)
      .execute();
  }
  if (audience === "staff" || dbKindOf(db) === "postgres") {
    return db
      .selectFrom("posts")
      .select(columns)
      .select(publicationTime().as("publicationTime"))
      .where(visibleTo(audience, now))
      .where(where)
      .orderBy(publicationTime(), direction)
      .orderBy("posts.id", direction)
      .limit(pageSize)
      .offset(offset)
      .execute();
  }
  return selectSqlitePublicPage(db, columns, {
    now,
    where,
    direction,
    offset,
    limit: pageSize,
  }).execute();
}

/**
 * The alphabetical key: the title in lower case, compared character by character (PostgreSQL's
 * "C" collation, SQLite's default), so both databases put titles in the same order.
 */
export function titleKey(db: Db) {
  return dbKindOf(db) === "postgres"
    ? sql`lower(${sql.ref("posts.title")}) collate "C"`
    : sql`lower(${sql.ref("posts.title")})`;
}

/**
 * How many posts `audience` may see that `where` keeps. On SQLite the public count adds up one
 * count per public status (publicOfStatus), so the published posts are counted in the index.
 */
export async function countVisible(
  db: Db,
  { now, audience = "public", where }: { now: Date; audience?: Audience; where: Where },
): Promise<number> {
  if (audience === "public" && dbKindOf(db) === "sqlite") {
    const counts = await Promise.all(
      PUBLIC_STATUSES.map((status) =>
        db
          .selectFrom("posts")
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .where(publicOfStatus(status, now))
          .where(where)
          .executeTakeFirstOrThrow(),
      ),
    );
    return counts.reduce((sum, row) => sum + Number(row.count), 0);
  }
  const row = await db
    .selectFrom("posts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where(visibleTo(audience, now))
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many posts `audience` may see that `where` keeps, per value of `packType`. */
export async function countByPackType(
  db: Db,
  { now, audience = "public", where }: { now: Date; audience?: Audience; where: Where },
): Promise<Map<string | null, number>> {
  const rows = await db
    .selectFrom("posts")
    .select("posts.packType")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where(visibleTo(audience, now))
    .where(where)
    .groupBy("posts.packType")
    .execute();
  return new Map(rows.map((row) => [row.packType, Number(row.count)]));
}

const MARKETPLACE = "marketplace-content";

/**
 * One page of /news: the publicly visible posts whose title or excerpt contains `term` (or whose
 * category is one of `categories`, the categories whose value or label contains it) and, with
 * `tag`, that carry it, in `sort` order, and how many there are in all.
 */
export async function pageNewsArticles(
  db: Db,
  {
    now,
    term,
    categories,
    tag = null,
    sort,
    page,
    pageSize,
  }: PageRequest & {
    now: Date;
    term: string;
    categories: readonly string[];
    tag?: string | null;
    sort: ListSort;
  },
) {
  const searched: Where = (eb) =>
    term === ""
      ? eb.lit(true)
      : eb.or([
          containsTerm(db, "posts.title", term),
          containsTerm(db, "posts.excerpt", term),
          ...(categories.length > 0 ? [eb("posts.category", "in", categories)] : []),
        ]);
  const where: Where = (eb) =>
    tag === null ? searched(eb) : eb.and([searched(eb), taggedWith(eb, tag)]);
  const [rows, total] = await Promise.all([
    selectPage(db, CARD_COLUMNS, { now, where, sort, page, pageSize }),
    countVisible(db, { now, where }),
  ]);
  // A search or a tag that finds nothing: is there anything published at all (which empty
  // state)?
  const anyPublished =
    total > 0 ||
    ((term !== "" || tag !== null) &&
      (await countVisible(db, { now, where: (eb) => eb.lit(true) })) > 0);
  return { rows, total, anyPublished };
}

/**
 * One page of /studio: the marketplace packs `audience` may see whose title, excerpt or content
 * contains `term` and, with `packType`, of that pack type, most recently published first; the
 * number of each pack type among what the search keeps (the tabs' counts).
 */
export async function pageStudioPacks(
  db: Db,
  {
    now,
    audience,
    term,
    packType,
    page,
    pageSize,
  }: PageRequest & { now: Date; audience: Audience; term: string; packType: string | null },
) {
  const searched: Where = (eb) =>
    eb.and([
      eb("posts.category", "=", MARKETPLACE),
      term === ""
        ? eb.lit(true)
        : eb.or([
            containsTerm(db, "posts.title", term),
            containsTerm(db, "posts.excerpt", term),
            containsTerm(db, "posts.content", term),
          ]),
    ]);
  const where: Where = (eb) =>
    packType === null ? searched(eb) : eb.and([searched(eb), eb("posts.packType", "=", packType)]);
  const [rows, counts, unsearched] = await Promise.all([
    selectPage(db, PACK_CARD_COLUMNS, {
      now,
      audience,
      where,
      sort: "newest",
      page,
      pageSize,
    }),
    countByPackType(db, { now, audience, where: searched }),
    // While searching, what each tab holds without the search, to tell "nothing matches" from
    // "nothing here yet".
    term === ""
      ? null
      : countByPackType(db, {
          now,
          audience,
          where: (eb) => eb("posts.category", "=", MARKETPLACE),
        }),
  ]);
  return { rows, counts, unsearched: unsearched ?? counts };
}

/**
 * One page of the posts `audience` may see (the paged forms of `GET /api/posts/published` and
 * `/public`): those whose title or excerpt contains `term` and, with `category`, of that
 * category and, with `tag`, carrying it, in `sort` order, and how many there are in all.
 */
export async function pagePublicPosts(
  db: Db,
  {
    now,
    audience = "public",
    term,
    category,
    tag,
    sort,
    page,
    pageSize,
  }: PageRequest & {
    now: Date;
    audience?: Audience;
    term: string;
    category: string | undefined;
    tag?: string | undefined;
    sort: ListSort;
  },
) {
  const where: Where = (eb) =>
    eb.and([
      category === undefined ? eb.lit(true) : eb("posts.category", "=", category),
      tag === undefined ? eb.lit(true) : taggedWith(eb, tag),
      term === ""
        ? eb.lit(true)
        : eb.or([containsTerm(db, "posts.title", term), containsTerm(db, "posts.excerpt", term)]),
    ]);
  const [rows, total] = await Promise.all([
    selectPage(db, CARD_COLUMNS, { now, audience, where, sort, page, pageSize }),
    countVisible(db, { now, audience, where }),
  ]);
  return { rows, total };
}

/**
 * The latest `limit` publicly visible posts as cards (the home page's "Latest Updates"): the
 * first page of /news, shorter.
 */
export function latestPostCards(db: Db, { now, limit }: { now: Date; limit: number }) {
  return selectPage(db, CARD_COLUMNS, {
    now,
    where: (eb) => eb.lit(true),
    sort: "newest",
    page: 1,
    pageSize: limit,
  });
}
