import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { STAFF_POST_SORTS } from "#common/constants.ts";
import { PORTFOLIO_SORTS, type PortfolioStage } from "#common/portfolio-list.ts";
import type { Db } from "#server/db/db.server.ts";
import { createManyPosts } from "#tests/factories/post.ts";
import { statementsOf } from "#tests/helpers/query-plans.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { getDashboardStats } from "./dashboard.server.ts";
import { pagePortfolio } from "./portfolio.server.ts";
import { pageStaffPosts, type StaffPostFilters } from "./staff-post-list.server.ts";

// The staff post list finds a page's ids in the index of its sort (migration 0010), testing the
// filters on the index entries, so neither the ids nor the count read a post's row (on SQLite
// the post's HTML lies in it). These tests read each database's own plan for every statement
// the list sends, over 1,000 posts shaped like the benchmark's.

const DAY = 24 * 3_600_000;
const NOW = new Date("2026-06-01T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const PACK_TYPES = ["world", "skin-pack", "addon", "mashup"];

describeEachDatabase("the staff post list's query plans", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (let batch = 0; batch < 10; batch++) {
      await createManyPosts(db(), 100, (j) => {
        const i = batch * 100 + j;
        const created = NOW.getTime() - (1000 - i) * DAY;
        const status = i % 14 === 0 ? "draft" : i % 14 === 7 ? "scheduled" : "published";
        const category = ["news", "marketplace-content", "youtube"][i % 3] ?? "news";
        return {
          status,
          category,
          packType: category === "marketplace-content" ? (PACK_TYPES[i % 4] ?? null) : null,
          content: `<p>${"Block by block. ".repeat(200)}</p>`,
          createdAt: iso(created),
          publishedAt: status === "published" ? iso(created + (i % 5) * 3_600_000) : null,
          scheduledAt: status === "scheduled" ? iso(NOW.getTime() + i * DAY) : null,
          timezone: status === "scheduled" ? "UTC" : null,
          updatedAt: iso(created + (i % 7) * DAY),
          authorId: i % 4 === 0 ? "someone" : null,
          tags: JSON.stringify(i % 5 === 0 ? ["redstone", "survival"] : ["survival"]),
          // Half the marketplace items have a launch date, some of them still to come.
          releaseDate:
            category === "marketplace-content" && i % 2 === 0 ? iso(created + 300 * DAY) : null,
        };
      });
    }
    // PostgreSQL as autovacuum keeps it (the visibility map lets a count read an index alone).
    if (kind === "postgres") await vacuumUntilAllVisible();
    else await db().executeQuery(CompiledQuery.raw("analyze"));
  });

  /**
   * VACUUM marks a page all-visible only when no transaction still open in the cluster could
   * see its rows otherwise; another test file's transaction, running at the same moment, makes
   * it leave pages unmarked, and the planner then reads the table. So vacuum again until every
   * page is marked, as autovacuum would in time, for at most 10 s.
   */
  async function vacuumUntilAllVisible() {
    const deadline = Date.now() + 10_000;
    for (;;) {
      await db().executeQuery(CompiledQuery.raw("vacuum analyze posts"));
      const { rows } = await db().executeQuery<{ pages: number; visible: number }>(
        CompiledQuery.raw(
          "select relpages as pages, relallvisible as visible from pg_class where oid = 'posts'::regclass",
        ),
      );
      const marked = rows[0] !== undefined && rows[0].visible >= rows[0].pages;
      if (marked || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  afterAll(() => database.destroy());

  /** The plans of the statements `list` sends, by statement. */
  async function plansOf(list: (db: Db) => Promise<unknown>) {
    const plans: { sql: string; plan: string }[] = [];
    for (const { sql, parameters } of await statementsOf(db(), list)) {
      const prefix = kind === "postgres" ? "explain " : "explain query plan ";
      const { rows } = await db().executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(`${prefix}${sql}`, [...parameters]),
      );
      // SQLite's steps with their depth in the plan's tree, as `sqlite3` prints them.
      const depth = new Map<unknown, number>([[0, 0]]);
      const lines = rows.map((row) => {
        if (kind === "postgres") return String(row["QUERY PLAN"]);
        const level = (depth.get(row.parent) ?? 0) + 1;
        depth.set(row.id, level);
        return `${"  ".repeat(level - 1)}${String(row.detail)}`;
      });
      plans.push({ sql, plan: lines.join("\n") });
    }
    return plans;
  }

  const page = { page: 2, pageSize: 25 };
  const FILTERS: StaffPostFilters[] = [
    {},
    { status: "draft" },
    { category: "marketplace-content", packType: "world" },
    { author: "someone" },
    { tag: "redstone" },
  ];
  /** The index each sort walks. */
  const SORT_INDEX: Record<string, string> = {
    title: "posts_staff_title_idx",
    createdAt: "posts_staff_created_idx",
    updatedAt: "posts_staff_updated_idx",
    publishedAt: "posts_staff_published_idx",
    scheduledAt: "posts_staff_scheduled_idx",
    launchDate: "posts_staff_release_idx",
  };
  /** The Marketplace table's filters (its category is fixed). */
  const PORTFOLIO_FILTERS: { packType?: string; stage?: PortfolioStage }[] = [
    {},
    { stage: "live" },
    { stage: "coming-soon" },
    { stage: "scheduled" },
    { packType: "world", stage: "draft" },
  ];
  const portfolioPage = (filters: (typeof PORTFOLIO_FILTERS)[number], sort: string) => (d: Db) =>
    pagePortfolio(d, { page: 2, pageSize: 5, q: "", now: NOW, sort: sort as "title", ...filters });
  // The statement reading the page's rows: the only one that looks at a featured image.
  const isRowQuery = (sql: string) => /like 'data:%'/.test(sql);

  if (kind === "sqlite") {
    for (const sort of STAFF_POST_SORTS) {
      it(`sort ${sort}: finds and counts every filtered page in covering indexes, reading only the page's rows`, async () => {
        for (const filters of FILTERS) {
          const plans = await plansOf((d) => pageStaffPosts(d, { ...page, sort, ...filters }));
          const label = `${sort} ${JSON.stringify(filters)}`;
          const rows = plans.filter((p) => isRowQuery(p.sql));
          expect(rows, label).toHaveLength(1);
          // The page's ids: in a subquery walking the sort's index, tested on its entries.
          const plan = rows[0]?.plan ?? "";
          expect(plan, label).toContain(`COVERING INDEX ${SORT_INDEX[sort.replace("-", "")]}`);
          for (const { sql, plan } of plans) {
            const steps = plan.split("\n");
            // Only the page's own rows are put in order again (the outer statement's sort).
            for (const step of steps.filter((s) => s.includes("TEMP B-TREE"))) {
              expect(isRowQuery(sql), label).toBe(true);
              expect(step, label).toBe("USE TEMP B-TREE FOR ORDER BY");
            }
            // Only the page's own rows are read, by id; nothing else reads a post's row.
            const readsRows = steps.filter(
              (step) => /(SCAN|SEARCH) posts\b/.test(step) && !step.includes("COVERING"),
            );
            for (const step of readsRows) {
              expect(isRowQuery(sql), label).toBe(true);
              expect(step, label).toMatch(
                /^SEARCH posts USING INDEX sqlite_autoindex_posts_1 \(id=\?\)$/,
              );
            }
          }
        }
      });
    }

    for (const sort of PORTFOLIO_SORTS) {
      it(`Marketplace table, sort ${sort}: finds and counts every status in covering indexes`, async () => {
        for (const filters of PORTFOLIO_FILTERS) {
          const plans = await plansOf(portfolioPage(filters, sort));
          const label = `${sort} ${JSON.stringify(filters)}`;
          const rows = plans.filter((p) => isRowQuery(p.sql));
          expect(rows, label).toHaveLength(1);
          const index = SORT_INDEX[sort.replace("-", "")];
          expect(rows[0]?.plan, label).toContain(`COVERING INDEX ${index}`);
          for (const { sql, plan } of plans) {
            for (const step of plan.split("\n")) {
              if (step.includes("TEMP B-TREE")) expect(isRowQuery(sql), label).toBe(true);
              // Nothing but the page's own rows, by id, reads a post's row.
              if (/(SCAN|SEARCH) posts\b/.test(step) && !step.includes("COVERING")) {
                expect(step, label).toMatch(/USING INDEX sqlite_autoindex_posts_1 \(id=\?\)$/);
              }
            }
          }
        }
      });
    }

    it("counts the overview's tiles in one pass over a covering index, reading no post", async () => {
      const plans = await plansOf((d) => getDashboardStats(d, NOW));
      expect(plans).toHaveLength(1);
      // Migration 0006's (category, packType, status, scheduledAt) holds every column they read,
      // and so does its (category, status, publication time, id); which of the two SQLite takes
      // follows its estimate of their widths against the row's, which the post's columns change.
      expect(plans[0]?.plan).toMatch(
        /^SCAN posts USING COVERING INDEX posts_category_(pack_status|pack_publication|status_publication)_idx$/,
      );
    });
  } else {
    it("counts the overview's tiles in an index alone", async () => {
      const plans = await plansOf((d) => getDashboardStats(d, NOW));
      expect(plans).toHaveLength(1);
      expect(plans[0]?.plan).toMatch(/Index Only Scan using posts_\w+_idx on posts/);
    });

    for (const sort of PORTFOLIO_SORTS) {
      it(`Marketplace table, sort ${sort}: finds the first page in an index`, async () => {
        for (const filters of PORTFOLIO_FILTERS) {
          const plans = await plansOf((d) =>
            pagePortfolio(d, { page: 1, pageSize: 25, q: "", now: NOW, sort, ...filters }),
          );
          const ids = plans.filter((p) => isRowQuery(p.sql));
          expect(ids).toHaveLength(1);
          for (const { plan } of ids) {
            expect(plan, `${sort} ${JSON.stringify(filters)}`).toMatch(
              /Index (Only )?Scan( Backward)? using posts_\w+_idx|Bitmap Index Scan on posts_\w+_idx/,
            );
          }
        }
      });
    }

    for (const sort of STAFF_POST_SORTS) {
      it(`sort ${sort}: finds the first page in an index of its order`, async () => {
        const plans = await plansOf((d) => pageStaffPosts(d, { page: 1, pageSize: 25, sort }));
        // The first page holds posts with the date only: one query in the sort's order.
        const ids = plans.filter((p) => isRowQuery(p.sql));
        expect(ids).toHaveLength(1);
        // PostgreSQL walks the sort's index (or, for createdAt, 0001's index on it), or, when
        // few posts have the date (scheduledAt), sorts the ones its index finds.
        for (const { plan } of ids) {
          expect(plan).toMatch(
            /Index (Only )?Scan( Backward)? using posts_(staff_\w+|created)_idx|Bitmap Index Scan on posts_staff_\w+_idx/,
          );
        }
      });
    }
  }
});
