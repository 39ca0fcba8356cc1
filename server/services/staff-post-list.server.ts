import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { StaffPostSort } from "#common/constants.ts";
import type { PortfolioStage } from "#common/portfolio-list.ts";
import type { PostAuthor } from "#common/types/post-list.ts";
import type { Db } from "#server/db/db.server.ts";
import { dbKindOf } from "#server/db/dialect.server.ts";
import type { Database } from "#server/db/tables.ts";
import { getDisplayNames } from "./people.server.ts";
import { containsTerm, type PageRequest, titleKey } from "./public-list-pages.server.ts";

/**
 * The staff post list (docs/product/api.md#staff-calls, docs/decisions/022-staff-lists.md): one
 * page of every post, any status, filtered, searched and sorted by the database, with the columns a
 * table row shows (never the post's HTML) and the count of the whole list. The Marketplace table
 * is the same list with its category fixed (docs/decisions/039-marketplace-table.md).
 *
 * A page is one statement: its ids are found in the index of its sort (migrations 0010 and 0023,
 * which also hold the filtered columns, so the filters are tested on index entries and no post row
 * is read to find the page), then only the page's rows are read, by id (authors are named by
 * people.server.ts). A nullable date is walked in two ranges: the posts that have it, in order, then those without,
 * by id; the count of the first range (asked with the total) says where the page falls.
 */

type Where = (eb: ExpressionBuilder<Database, "posts">) => Expression<SqlBool>;

export type StaffPostFilters = {
  /** The stored status. */
  status?: string | undefined;
  category?: string | undefined;
  packType?: string | undefined;
  /** The author's user id. */
  author?: string | undefined;
  /** One tag, exactly. */
  tag?: string | undefined;
  /** Title, excerpt or HTML contains it, ignoring case; "" for no search. */
  q?: string | undefined;
  /** The Marketplace table's status at `now` (common/portfolio-list.ts). */
  stage?: { is: PortfolioStage; now: Date } | undefined;
};

/**
 * The sorts of the staff lists: the post list's, and the Marketplace table's launch date (the
 * post's releaseDate).
 */
export type StaffListSort = StaffPostSort | "releaseDate" | "-releaseDate";

/** The columns a staff table row shows. */
const ROW_COLUMNS = [
  "posts.id",
  "posts.title",
  "posts.slug",
  "posts.status",
  "posts.category",
  "posts.packType",
  "posts.featuredImageAlt",
  "posts.tags",
  "posts.authorId",
  "posts.scheduledAt",
  "posts.timezone",
  "posts.publishedAt",
  "posts.createdAt",
  "posts.updatedAt",
  "posts.marketplaceUrl",
  "posts.releaseDate",
  "posts.excerpt",
  "posts.version",
  "posts.newsletterOnPublish",
] as const;

/**
 * A filtered column as the WHERE clause names it. On SQLite with a unary `+`, which keeps the
 * planner from looking the value up in a one-column index (reading each matching post's row,
 * HTML and all, to sort them): it walks the sort's index instead and tests the value on each
 * entry (docs/decisions/022-staff-lists.md).
 */
function filtered(
  db: Db,
  column: `posts.${"status" | "category" | "packType" | "authorId" | "id" | "scheduledAt" | "releaseDate"}`,
) {
  return dbKindOf(db) === "sqlite" ? sql<string>`+${sql.ref(column)}` : sql.ref<string>(column);
}

/** The conditions of `filters`, as one WHERE clause. */
function filtersWhere(db: Db, filters: StaffPostFilters): Where {
  return (eb) => {
    const conditions: Expression<SqlBool>[] = [];
    const equal = (column: Parameters<typeof filtered>[1], value: string | undefined) => {
      if (value !== undefined) conditions.push(eb(filtered(db, column), "=", value));
    };
    equal("posts.status", filters.status);
    equal("posts.category", filters.category);
    equal("posts.packType", filters.packType);
    equal("posts.authorId", filters.author);
    if (filters.stage !== undefined) conditions.push(stageWhere(db, filters.stage)(eb));
    if (filters.tag !== undefined) {
      const tagged = eb
        .selectFrom("post_tags")
        .select("post_tags.postId")
        .where("post_tags.tag", "=", filters.tag);
      conditions.push(eb(filtered(db, "posts.id"), "in", tagged));
    }
    const term = filters.q ?? "";
    if (term !== "") {
      conditions.push(
        eb.or([
          containsTerm(db, "posts.title", term),
          containsTerm(db, "posts.excerpt", term),
          containsTerm(db, "posts.content", term),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/**
 * The posts in one status of the Marketplace table at `now`, as portfolioStage
 * (common/portfolio-list.ts) decides it: public (published, or scheduled and due) and launched or
 * not yet; or not public yet, a draft or scheduled for later.
 */
function stageWhere(db: Db, { is, now }: { is: PortfolioStage; now: Date }): Where {
  const at = now.toISOString();
  const status = filtered(db, "posts.status");
  const scheduledAt = filtered(db, "posts.scheduledAt");
  const releaseDate = filtered(db, "posts.releaseDate");
  return (eb) => {
    const due = eb.and([eb(status, "=", "scheduled"), eb(scheduledAt, "<=", at)]);
    const isPublic = eb.or([eb(status, "=", "published"), due]);
    switch (is) {
      case "draft":
        return eb(status, "=", "draft");
      case "scheduled":
        return eb.and([
          eb(status, "=", "scheduled"),
          eb.not(eb.and([eb(scheduledAt, "is not", null), eb(scheduledAt, "<=", at)])),
        ]);
      case "coming-soon":
        return eb.and([isPublic, eb(releaseDate, ">", at)]);
      case "live":
        return eb.and([isPublic, eb.or([eb(releaseDate, "is", null), eb(releaseDate, "<=", at)])]);
    }
  };
}

/**
 * A sort as its key and direction; `column`: the date's column when some posts have none
 * (publishedAt, scheduledAt), else null.
 */
function orderOf(db: Db, sort: StaffListSort) {
  const direction = sort.startsWith("-") ? ("desc" as const) : ("asc" as const);
  const field = sort.replace(/^-/, "") as
    | "title"
    | "createdAt"
    | "updatedAt"
    | "publishedAt"
    | "scheduledAt"
    | "releaseDate";
  if (field === "title") return { key: titleKey(db), column: null, direction };
  const column = `posts.${field}` as const;
  const nullable = field === "publishedAt" || field === "scheduledAt" || field === "releaseDate";
  return { key: sql.ref(column), column: nullable ? column : null, direction };
}

/**
 * One page of the staff post list, `sort` order with ties by id, and how many posts the filters
 * keep in all. A page past the last has no rows.
 */
export async function pageStaffPosts(
  db: Db,
  { sort, page, pageSize, ...filters }: PageRequest & StaffPostFilters & { sort: StaffListSort },
) {
  const where = filtersWhere(db, filters);
  const { key, column, direction } = orderOf(db, sort);
  const offset = (page - 1) * pageSize;

  /** The ids of `take` posts from `skip` on, of those `range` keeps, in the page's order. */
  const idsIn = (range: Where | null, skip: number, take: number, byKey: boolean) => {
    let query = db.selectFrom("posts").select("posts.id").where(where);
    if (range) query = query.where(range);
    if (byKey) query = query.orderBy(key, direction);
    return query.orderBy("posts.id", direction).limit(take).offset(skip);
  };
  /**
   * The table rows of the posts `pages` finds, in one statement: the ids from the sort's index,
   * then only those rows, put in the page's order again.
   */
  const rowsOf = (pages: ReturnType<typeof idsIn>[]) => {
    if (pages.length === 0) return Promise.resolve([]);
    return (
      db
        .selectFrom("posts")
        .select(ROW_COLUMNS)
        // An inline (data:) image is never sent in a list; a stored one is its address.
        .select(
          sql<
            string | null
          >`case when ${sql.ref("posts.featuredImage")} like 'data:%' then null else ${sql.ref("posts.featuredImage")} end`.as(
            "featuredImage",
          ),
        )
        // Saved changes the public does not see yet: the post's working copy.
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom("post_working_copies")
                .select("post_working_copies.postId")
                .whereRef("post_working_copies.postId", "=", "posts.id"),
            )
            .as("hasWorkingCopy"),
        )
        .where((eb) => eb.or(pages.map((ids) => eb("posts.id", "in", ids))))
        .orderBy(sql`${key} is null`)
        .orderBy(key, direction)
        .orderBy("posts.id", direction)
        .execute()
    );
  };

  if (column === null) {
    const [counted, rows] = await Promise.all([
      db
        .selectFrom("posts")
        .select((eb) => eb.fn.countAll<number | string>().as("total"))
        .where(where)
        .executeTakeFirstOrThrow(),
      rowsOf([idsIn(null, offset, pageSize, true)]),
    ]);
    return { rows, total: Number(counted.total) };
  }
  const counted = await db
    .selectFrom("posts")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.count<number | string>(column).as("dated"),
    ])
    .where(where)
    .executeTakeFirstOrThrow();
  const total = Number(counted.total);
  const dated = Number(counted.dated);
  // The posts with the date first, in its order; then those without it, by id.
  const pages: ReturnType<typeof idsIn>[] = [];
  if (offset < dated) {
    pages.push(idsIn((eb) => eb(column, "is not", null), offset, pageSize, true));
  }
  const fromDated = Math.max(0, Math.min(pageSize, dated - offset));
  if (fromDated < pageSize && offset + fromDated < total) {
    const skip = Math.max(0, offset - dated);
    pages.push(idsIn((eb) => eb(column, "is", null), skip, pageSize - fromDated, false));
  }
  return { rows: await rowsOf(pages), total };
}

export type StaffListRow = Awaited<ReturnType<typeof pageStaffPosts>>["rows"][number];

/**
 * Every author of a post whose login still exists, by display name (then id), with how many
 * posts they wrote: the staff list's author filter.
 */
export async function listPostAuthors(db: Db): Promise<PostAuthor[]> {
  const rows = await db
    .selectFrom("posts")
    .select("posts.authorId")
    .select((eb) => eb.fn.countAll<number | string>().as("posts"))
    .where("posts.authorId", "is not", null)
    .groupBy("posts.authorId")
    .execute();
  const names = await getDisplayNames(
    db,
    rows.map((row) => row.authorId),
  );
  return rows
    .flatMap(({ authorId, posts }) => {
      const name = authorId === null ? undefined : names.get(authorId);
      return authorId !== null && name !== undefined
        ? [{ id: authorId, name, posts: Number(posts) }]
        : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name, "en") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
