import { CompiledQuery, type Transaction } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MEDIA_SORTS, type MediaSort } from "#common/schemas/media.ts";
import type { Db } from "#server/db/db.server.ts";
import type { Database } from "#server/db/tables.ts";
import { statementsOf } from "#tests/helpers/query-plans.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { pageMedia } from "./media.server.ts";

// The Media section's pages (docs/decisions/040-media-library.md) walk migration 0022's indexes
// in each order they offer and stop at the page, instead of sorting the whole library; the use
// filter and the use count are look-ups of the uses' index by item. PostgreSQL is asked with
// sorting and whole-table scans discouraged, as in staff-lists.plans.test.ts.

const NOW = Date.parse("2026-06-01T12:00:00.000Z");
const request = { page: 2, pageSize: 25, term: "", use: "all" as const };

describeEachDatabase("the media library's query plans", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const items = Array.from({ length: 3000 }, (_, i) => {
      const at = new Date(NOW - i * 60_000).toISOString();
      return {
        id: `00000000-0000-4000-d000-${String(i).padStart(12, "0")}`,
        fileName: `${i.toString(16).padStart(32, "0")}.png`,
        originalName: `image-${(i * 7919) % 3000}.png`,
        mimeType: "image/png",
        width: 10,
        height: 10,
        size: 100,
        altText: i % 3 === 0 ? `a picture ${i}` : "",
        caption: "",
        uploadedBy: null,
        createdAt: at,
        updatedAt: at,
      };
    });
    for (let i = 0; i < items.length; i += 500) {
      await db()
        .insertInto("media")
        .values(items.slice(i, i + 500))
        .execute();
    }
    await db()
      .insertInto("media_uses")
      .values(
        items.slice(0, 500).map((item) => ({
          mediaId: item.id,
          owner: "settings",
          field: `f-${item.id}`,
          postId: null,
          appId: null,
        })),
      )
      .execute();
    await db().executeQuery(CompiledQuery.raw("analyze"));
  });
  afterAll(() => database.destroy());

  /** The plan of the page's row query (the one with the limit). */
  async function planOf(list: (db: Db) => Promise<unknown>): Promise<string> {
    const statements = (await statementsOf(db(), list)).filter(({ sql }) => /\blimit\b/i.test(sql));
    expect(statements.length).toBe(1);
    const lines: string[] = [];
    await db()
      .transaction()
      .execute(async (trx: Transaction<Database>) => {
        if (kind === "postgres") {
          await trx.executeQuery(CompiledQuery.raw("set local enable_sort = off"));
          await trx.executeQuery(CompiledQuery.raw("set local enable_seqscan = off"));
        }
        for (const { sql, parameters } of statements) {
          const prefix = kind === "postgres" ? "explain " : "explain query plan ";
          const { rows } = await trx.executeQuery<Record<string, unknown>>(
            CompiledQuery.raw(`${prefix}${sql}`, [...parameters]),
          );
          lines.push(
            ...rows.map((row) => String(kind === "postgres" ? row["QUERY PLAN"] : row.detail)),
          );
        }
      });
    return lines.join("\n");
  }

  const expectNoSort = (plan: string) => {
    expect(plan).not.toMatch(/TEMP B-TREE|^\s*(->\s*)?(Sort|Incremental Sort)\b/m);
  };

  for (const sort of MEDIA_SORTS) {
    it(`a page by ${sort} walks an index without sorting, counting uses by the item's index`, async () => {
      const plan = await planOf((d) => pageMedia(d, { ...request, sort: sort as MediaSort }));
      expect(plan, plan).toMatch(
        sort.endsWith("name") ? /media_name_order_idx/ : /media_created_idx/,
      );
      expect(plan, plan).toMatch(/media_uses_media_idx|media_uses_pkey/);
      expectNoSort(plan);
    });
  }

  it("the unused filter in the default order walks the time index and looks uses up by item", async () => {
    const plan = await planOf((d) =>
      pageMedia(d, { ...request, sort: "-createdAt", use: "unused" }),
    );
    expect(plan, plan).toContain("media_created_idx");
    expect(plan, plan).toContain("media_uses_media_idx");
    expectNoSort(plan);
  });
});
