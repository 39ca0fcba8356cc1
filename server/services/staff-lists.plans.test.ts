import { randomUUID } from "node:crypto";
import { CompiledQuery, type Transaction } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  APP_SORTS,
  type AppSort,
  EMPLOYEE_SORTS,
  type EmployeeSort,
  SUBSCRIBER_SORTS,
  type SubscriberSort,
} from "#common/staff-lists.ts";
import type { Db } from "#server/db/db.server.ts";
import type { Database } from "#server/db/tables.ts";
import { fakeApp } from "#tests/factories/app.ts";
import { statementsOf } from "#tests/helpers/query-plans.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { insertApp, pageApps } from "./apps.server.ts";
import { pageEmployees } from "./employees.server.ts";
import { countSubscribers, pageSubscribers } from "./subscribers.server.ts";

// The dashboard's paged lists of subscribers, apps and employees walk an index of migration
// 0012 in each order they offer, and stop at the page, instead of sorting the whole table.
// SQLite's planner is asked as it is. PostgreSQL's would rightly read a table this small whole
// and sort it, so it is asked with sorting and whole-table scans discouraged: a plan that still
// sorts means no index has the order the query asks for (a mismatched expression or collation).

const NOW = new Date("2026-06-01T12:00:00.000Z");
const page = { page: 2, pageSize: 25, term: "" };

describeEachDatabase("the staff lists' query plans", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (let batch = 0; batch < 10; batch++) {
      await db()
        .insertInto("subscribers")
        .values(
          Array.from({ length: 500 }, (_, j) => {
            const i = batch * 500 + j;
            return {
              id: randomUUID(),
              email: `reader-${(i * 7919) % 5000}@example.com`,
              createdAt: new Date(NOW.getTime() - i * 60_000).toISOString(),
            };
          }),
        )
        .execute();
    }
    for (let i = 0; i < 300; i++) {
      await insertApp(db(), fakeApp({ sortOrder: i % 7, category: i % 2 ? "Tool" : "Game" }));
    }
    await db()
      .insertInto("employees")
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          id: randomUUID(),
          email: `person-${i}@studio.test`,
          firstName: `First ${(i * 31) % 300}`,
          lastName: `Last ${i}`,
          role: i % 5 === 0 ? "admin" : "employee",
          isActive: true,
          createdAt: new Date(NOW.getTime() - i * 60_000).toISOString(),
          updatedAt: NOW.toISOString(),
        })),
      )
      .execute();
    await db().executeQuery(CompiledQuery.raw("analyze"));
  });
  afterAll(() => database.destroy());

  /** The plan of the statements `list` sends that `pick` chooses (by default its row query). */
  async function planOf(
    list: (db: Db) => Promise<unknown>,
    pick = (sql: string) => !/count\(\*\)/i.test(sql),
  ): Promise<string> {
    const statements = (await statementsOf(db(), list)).filter(({ sql }) => pick(sql));
    expect(statements.length).toBeGreaterThan(0);
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

  for (const sort of SUBSCRIBER_SORTS) {
    it(`a page of subscribers by ${sort} walks an index without sorting`, async () => {
      const plan = await planOf((d) =>
        pageSubscribers(d, { ...page, sort: sort as SubscriberSort }),
      );
      const index = sort.endsWith("email")
        ? kind === "postgres"
          ? "subscribers_email_order_idx"
          : "sqlite_autoindex_subscribers_2"
        : "subscribers_created_id_idx";
      expect(plan, plan).toContain(index);
      expectNoSort(plan);
    });
  }

  // Active subscribers only: SQLite walks migration 0013's (status, createdAt, id) index;
  // PostgreSQL takes that one or the subscription-time index, filtering the state.
  it("the counters of this month and this week count a range of the subscription-time index", async () => {
    const plan = await planOf(
      (d) => countSubscribers(d, { monthStart: new Date(NOW.getTime() - 86_400_000), now: NOW }),
      (sql) => /where/i.test(sql),
    );
    if (kind === "postgres") {
      const scans = plan.match(
        /Index[^\n]*Scan (using|on) subscribers_(status_created|created_id)_idx[^\n]*\n[^\n]*(createdAt|status)/g,
      );
      expect(scans?.length ?? 0, plan).toBeGreaterThanOrEqual(2);
      expect(plan).not.toMatch(/Seq Scan/);
    } else {
      expect(plan, plan).toMatch(
        /COVERING INDEX subscribers_status_created_idx \(status=\? AND createdAt>\?\)[\s\S]*COVERING INDEX subscribers_status_created_idx \(status=\? AND createdAt>\?\)/,
      );
    }
  });

  for (const sort of APP_SORTS) {
    it(`a page of apps by ${sort} walks an index without sorting`, async () => {
      const plan = await planOf((d) => pageApps(d, { ...page, sort: sort as AppSort }));
      expect(plan, plan).toMatch(/apps_(page_order|name_order|created|updated)_idx/);
      expectNoSort(plan);
    });
  }

  it("a category of apps in the page's order walks the category's index", async () => {
    const plan = await planOf((d) => pageApps(d, { ...page, sort: "sortOrder", category: "Tool" }));
    expect(plan, plan).toContain("apps_category_order_idx");
    expectNoSort(plan);
  });

  for (const sort of EMPLOYEE_SORTS) {
    it(`a page of employees by ${sort} walks an index without sorting`, async () => {
      const plan = await planOf((d) => pageEmployees(d, { ...page, sort: sort as EmployeeSort }));
      expect(plan, plan).toMatch(/employees_(created|name_order|role)_idx/);
      expectNoSort(plan);
    });
  }
});
