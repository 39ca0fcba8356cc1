import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import { createManyPosts } from "#tests/factories/post.ts";
import { statementsOf } from "#tests/helpers/query-plans.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { listPublicPostSummaries, listPublishedPosts } from "./public-post-lists.server.ts";

// The public lists walk an index in publication order and stop at the limit, instead of sorting
// every visible post (the comment above listPublishedPosts, docs/benchmarks.md). These tests read
// each database's own plan for the queries the lists send, over 1,000 posts.

const DAY = 24 * 3_600_000;
const NOW = new Date("2026-06-01T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

describeEachDatabase("the public lists' query plans", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Shaped like the benchmark's posts: mostly published, some drafts, some scheduled (half of
    // them due), each published a little after it was written, over three years.
    await createManyPosts(db(), 1000, (i) => {
      const created = NOW.getTime() - (1000 - i) * DAY;
      const status = i % 14 === 0 ? "draft" : i % 14 === 7 ? "scheduled" : "published";
      const scheduledAt = i % 28 === 7 ? iso(created + 2 * DAY) : iso(NOW.getTime() + i * DAY);
      return {
        status,
        category: ["news", "marketplace-content", "youtube"][i % 3],
        content: `<p>${"Block by block. ".repeat(200)}</p>`,
        createdAt: iso(created),
        publishedAt: status === "published" ? iso(created + (i % 5) * 3_600_000) : null,
        scheduledAt: status === "scheduled" ? scheduledAt : null,
        timezone: status === "scheduled" ? "UTC" : null,
        updatedAt: iso(created),
      };
    });
    await db().executeQuery(CompiledQuery.raw(kind === "postgres" ? "analyze posts" : "analyze"));
  });
  afterAll(() => database.destroy());

  /** The plans of the statements `list` sends, one line per step. */
  async function planOf(list: (db: Db) => Promise<unknown>): Promise<string[]> {
    const prefix = kind === "postgres" ? "explain " : "explain query plan ";
    const lines: string[] = [];
    for (const { sql, parameters } of await statementsOf(db(), list)) {
      const { rows } = await db().executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(`${prefix}${sql}`, [...parameters]),
      );
      lines.push(
        ...rows.map((row) => String(kind === "postgres" ? row["QUERY PLAN"] : row.detail)),
      );
    }
    return lines;
  }

  const sorts = (plan: string[]) =>
    plan.filter((step) => /TEMP B-TREE|^\s*(->\s*)?(Sort|Incremental Sort)\b/.test(step));

  describe("every visible post, limited", () => {
    for (const [name, list] of [
      ["GET /api/posts/published", (d: Db) => listPublishedPosts(d, { limit: 3, now: NOW })],
      ["GET /api/posts/public", (d: Db) => listPublicPostSummaries(d, { limit: 3, now: NOW })],
    ] as const) {
      it(`${name} walks the publication index without sorting`, async () => {
        const plan = await planOf(list);
        const index =
          kind === "postgres" ? "posts_public_publication_idx" : "posts_status_publication_idx";
        expect(plan.join("\n")).toContain(index);
        expect(sorts(plan), plan.join("\n")).toEqual([]);
      });
    }
  });

  if (kind === "sqlite") {
    it("finds the latest ids in the index alone, passing posts scheduled for later unread", async () => {
      const plan = await planOf((d) => listPublishedPosts(d, { limit: 3, now: NOW }));
      // A search per public status (Kysely also hands a union's parts to plugins on their own);
      // COVERING: the visibility rule is tested on the index entry (migration 0008), so a post
      // scheduled for later costs no row read, its HTML included.
      const searches = plan.filter((step) => step.includes("posts_status_publication_idx"));
      expect(searches.length, plan.join("\n")).toBeGreaterThanOrEqual(2);
      for (const step of searches) expect(step).toContain("COVERING INDEX");
    });
  }

  it("one category walks a publication index without sorting", async () => {
    const plan = await planOf((d) =>
      listPublishedPosts(d, { limit: 20, now: NOW, category: "news" }),
    );
    // Either publication index gives the rows in order; which one PostgreSQL's planner takes
    // depends on its statistics of the moment, so both are right. What must not happen is a sort.
    expect(plan.join("\n")).toMatch(/posts_(category_status|category|public)_publication_idx/);
    expect(sorts(plan), plan.join("\n")).toEqual([]);
  });

  it("answers what the plans promise: the newest publications, in order, the limited list first", async () => {
    const three = await listPublishedPosts(db(), { limit: 3, now: NOW });
    const all = await listPublishedPosts(db(), { now: NOW });
    expect(three.map((post) => post.id)).toEqual(all.slice(0, 3).map((post) => post.id));
    const times = all.map((post) => Date.parse(post.publishedAt ?? post.scheduledAt ?? ""));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
