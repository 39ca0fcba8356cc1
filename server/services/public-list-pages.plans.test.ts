import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import { createManyPosts } from "#tests/factories/post.ts";
import { statementsOf } from "#tests/helpers/query-plans.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { pageNewsArticles, pagePublicPosts, pageStudioPacks } from "./public-list-pages.server.ts";
import { listSitemapPart, sitemapPartStarts } from "./public-post-lists.server.ts";

// The paged lists walk an index in their order and stop at the page, instead of sorting every
// visible post; the sitemap's parts walk the publication index from their key. These tests read
// each database's own plan for every statement a list sends, over 1,000 posts shaped like the
// benchmark's (public-post-lists.plans.test.ts does the same for the unpaged lists).

const DAY = 24 * 3_600_000;
const NOW = new Date("2026-06-01T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const PACK_TYPES = ["world", "skin-pack", "addon", "mashup"];

describeEachDatabase("the paged lists' query plans", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (let batch = 0; batch < 10; batch++) {
      await createManyPosts(db(), 100, (j) => {
        const i = batch * 100 + j;
        const created = NOW.getTime() - (1000 - i) * DAY;
        const status = i % 14 === 0 ? "draft" : i % 14 === 7 ? "scheduled" : "published";
        const scheduledAt = i % 28 === 7 ? iso(created + 2 * DAY) : iso(NOW.getTime() + i * DAY);
        const category = ["news", "marketplace-content", "youtube"][i % 3] ?? "news";
        return {
          status,
          category,
          packType: category === "marketplace-content" ? (PACK_TYPES[i % 4] ?? null) : null,
          content: `<p>${"Block by block. ".repeat(200)}</p>`,
          createdAt: iso(created),
          publishedAt: status === "published" ? iso(created + (i % 5) * 3_600_000) : null,
          scheduledAt: status === "scheduled" ? scheduledAt : null,
          timezone: status === "scheduled" ? "UTC" : null,
          updatedAt: iso(created),
        };
      });
    }
    await db().executeQuery(CompiledQuery.raw(kind === "postgres" ? "analyze posts" : "analyze"));
  });
  afterAll(() => database.destroy());

  const sorts = (plan: string[]) =>
    plan.filter((step) => /TEMP B-TREE|^\s*(->\s*)?(Sort|Incremental Sort)\b/.test(step));

  const page = { page: 2, pageSize: 12 };

  /** The plans of the statements `list` sends that `pick` chooses by their SQL, joined. */
  async function planOf(list: (db: Db) => Promise<unknown>, pick: (sql: string) => boolean) {
    const statements = (await statementsOf(db(), list)).filter(({ sql }) => pick(sql));
    expect(statements.length).toBeGreaterThan(0);
    const lines: string[] = [];
    for (const { sql, parameters } of statements) {
      const prefix = kind === "postgres" ? "explain " : "explain query plan ";
      const { rows } = await db().executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(`${prefix}${sql}`, [...parameters]),
      );
      lines.push(
        ...rows.map((row) => String(kind === "postgres" ? row["QUERY PLAN"] : row.detail)),
      );
    }
    return lines;
  }

  const isRowQuery = (sql: string) => !/count\(\*\)/i.test(sql);
  const isCount = (sql: string) => /count\(\*\)/i.test(sql);
  const publicationIndex =
    kind === "postgres" ? "posts_public_publication_idx" : "posts_status_publication_idx";

  for (const sort of ["newest", "oldest"] as const) {
    it(`a page of /news, ${sort} first, walks the publication index without sorting`, async () => {
      const plan = await planOf(
        (d) => pageNewsArticles(d, { now: NOW, term: "", categories: [], sort, ...page }),
        isRowQuery,
      );
      expect(plan.join("\n")).toContain(publicationIndex);
      expect(sorts(plan), plan.join("\n")).toEqual([]);
    });
  }

  it("alphabetical order walks the title index, sorting only titles that read the same", async () => {
    const plan = await planOf(
      (d) => pageNewsArticles(d, { now: NOW, term: "", categories: [], sort: "title", ...page }),
      isRowQuery,
    );
    // SQLite sorts only within a run of equal titles ("LAST 2 TERMS OF ORDER BY"). PostgreSQL
    // takes the index (an incremental sort on the presorted title) or, over a table this small,
    // a top-N sort, as its statistics of the moment say; both are right.
    if (kind === "sqlite") {
      expect(plan.join("\n")).toContain("posts_title_order_idx");
      for (const step of sorts(plan)) expect(step).toMatch(/LAST 2 TERMS/);
    } else {
      expect(plan.join("\n")).toMatch(/posts_title_order_idx|Sort/);
    }
  });

  it("a paged list call of one category walks a publication index without sorting", async () => {
    const plan = await planOf(
      (d) => pagePublicPosts(d, { now: NOW, term: "", category: "news", sort: "newest", ...page }),
      isRowQuery,
    );
    expect(plan.join("\n")).toMatch(/posts_(category_status|category|public)_publication_idx/);
    expect(sorts(plan), plan.join("\n")).toEqual([]);
  });

  if (kind === "sqlite") {
    it("counts the published posts in the index alone, on /news and on the studio tabs", async () => {
      const news = await planOf(
        (d) => pageNewsArticles(d, { now: NOW, term: "", categories: [], sort: "newest", ...page }),
        isCount,
      );
      expect(news.join("\n")).toMatch(/COVERING INDEX posts_status(_publication)?_idx/);
      const studio = await planOf(
        (d) =>
          pageStudioPacks(d, { now: NOW, audience: "public", term: "", packType: null, ...page }),
        (sql) => /group by/i.test(sql),
      );
      expect(studio.join("\n")).toContain("COVERING INDEX posts_category_pack_status_idx");
    });
  }

  it("a studio tab walks the pack-type index", async () => {
    const plan = await planOf(
      (d) =>
        pageStudioPacks(d, { now: NOW, audience: "public", term: "", packType: "world", ...page }),
      (sql) => isRowQuery(sql) && !/group by/i.test(sql),
    );
    expect(plan.join("\n")).toMatch(/posts_category_pack_(publication|status)_idx/);
  });

  it("the sitemap's index walks the publication index from each part's key", async () => {
    const plan = await planOf(
      (d) => sitemapPartStarts(d, { now: NOW, size: 100 }),
      () => true,
    );
    expect(plan.join("\n")).toContain(publicationIndex);
    if (kind === "sqlite") expect(sorts(plan), plan.join("\n")).toEqual([]);
    // PostgreSQL starts each step at its key; near the end of the list, where few rows are
    // left, it may sort them instead.
    else expect(plan.join("\n")).toMatch(/Index Cond: \(ROW\(COALESCE/);
  });

  it("a part of the sitemap reads from its key on in the publication index", async () => {
    const from = { publicationTime: iso(NOW.getTime() - 500 * DAY), id: "x" };
    const plan = await planOf(
      (d) => listSitemapPart(d, { now: NOW, from, size: 100 }),
      () => true,
    );
    expect(plan.join("\n")).toContain(publicationIndex);
    if (kind === "sqlite") expect(sorts(plan), plan.join("\n")).toEqual([]);
    // PostgreSQL starts at the key (an index condition on the row value), then may sort the part.
    else expect(plan.join("\n")).toMatch(/Index Cond: \(ROW\(COALESCE/);
  });

  it("answers what the plans promise: the sitemap's parts cover every visible post once", async () => {
    const starts = await sitemapPartStarts(db(), { now: NOW, size: 100 });
    const parts = await Promise.all(
      starts.map((from) => listSitemapPart(db(), { now: NOW, from, size: 100 })),
    );
    const all = await pageNewsArticles(db(), {
      now: NOW,
      term: "",
      categories: [],
      sort: "oldest",
      page: 1,
      pageSize: 1000,
    });
    expect(parts.flat().map((row) => row.id)).toEqual(all.rows.map((row) => row.id));
    expect(all.total).toBe(all.rows.length);
  });
});
