import { randomUUID } from "node:crypto";
import { CompiledQuery, type Transaction } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import type { Database } from "#server/db/tables.ts";
import {
  countDeliveries,
  lastSentAt,
  latestFailures,
  pageSendings,
} from "#server/services/newsletter-sendings.server.ts";
import { statementsOf } from "#tests/helpers/query-plans.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import {
  claimDueDeliveries,
  currentHolders,
  finishSendings,
  releaseClaims,
  renewClaims,
} from "./newsletter-deliveries.server.ts";

// The worker's claim, its upkeep and the progress counts walk the indexes of migration 0014
// instead of reading every delivery (docs/decisions/028-newsletter-sending.md). PostgreSQL is
// asked with whole-table scans discouraged, as a table this small would rightly be read whole.

const NOW = new Date("2026-06-01T12:00:00.000Z");
const SENDINGS = 6;
const PER_SENDING = 1_000;
const STATUSES = ["sent", "sent", "sent", "failed", "skipped", "pending"] as const;

describeEachDatabase("the newsletter deliveries' query plans", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const sendingIds: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (let s = 0; s < SENDINGS; s++) {
      const id = randomUUID();
      sendingIds.push(id);
      await db()
        .insertInto("newsletter_sendings")
        .values({
          id,
          postId: randomUUID(),
          postTitle: `Sending ${s}`,
          subject: `Sending ${s}`,
          html: "<p>x</p>",
          text: "x",
          status: s === SENDINGS - 1 ? "sending" : "finished",
          total: PER_SENDING,
          createdBy: null,
          createdAt: new Date(NOW.getTime() - s * 86_400_000).toISOString(),
          finishedAt: null,
        })
        .execute();
      const rows = Array.from({ length: PER_SENDING }, (_, i) => {
        // Only the newest sending still has pending rows, as in a studio's day.
        const status = s === SENDINGS - 1 ? STATUSES[i % STATUSES.length] : STATUSES[i % 5];
        const at = new Date(NOW.getTime() - i * 1000).toISOString();
        return {
          id: `${id}.${randomUUID()}`,
          sendingId: id,
          subscriberId: randomUUID(),
          email: `reader-${i}@example.com`,
          status,
          attempts: 1,
          nextAttemptAt: at,
          lastAttemptAt: status === "pending" ? null : at,
          claimedBy: status === "pending" ? null : "host:1:aaaa",
        };
      });
      for (let i = 0; i < rows.length; i += 250) {
        await db()
          .insertInto("newsletter_deliveries")
          .values(rows.slice(i, i + 250))
          .execute();
      }
    }
    await db().executeQuery(CompiledQuery.raw("analyze"));
  });
  afterAll(() => database?.destroy());

  async function planOf(run: (db: Db) => Promise<unknown>): Promise<string> {
    const statements = await statementsOf(db(), run);
    expect(statements.length).toBeGreaterThan(0);
    const lines: string[] = [];
    await db()
      .transaction()
      .execute(async (trx: Transaction<Database>) => {
        if (kind === "postgres") {
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

  const noFullScan = (plan: string) => {
    expect(plan, plan).not.toMatch(
      /SCAN newsletter_deliveries(?! USING)|Seq Scan on newsletter_deliveries/,
    );
  };

  it("the claim walks the due index over pending rows", async () => {
    const plan = await planOf((d) =>
      claimDueDeliveries(d, { holder: "h:2:b", until: NOW, now: NOW, limit: 20 }),
    );
    expect(plan, plan).toContain("newsletter_deliveries_due_idx");
    noFullScan(plan);
  });

  it("renewing, giving back and finding holders walk the holder index", async () => {
    for (const run of [
      (d: Db) => renewClaims(d, "h:2:b", NOW),
      (d: Db) => releaseClaims(d, "h:2:b"),
      (d: Db) => currentHolders(d),
    ]) {
      const plan = await planOf(run);
      expect(plan, plan).toContain("newsletter_deliveries_holder_idx");
      noFullScan(plan);
    }
  });

  it("the progress counts, the failures and the finish check walk the progress index", async () => {
    for (const run of [
      (d: Db) => countDeliveries(d, sendingIds.slice(0, 3)),
      (d: Db) => latestFailures(d, sendingIds[0] ?? ""),
      (d: Db) => finishSendings(d, NOW),
    ]) {
      const plan = await planOf(run);
      expect(plan, plan).toContain("newsletter_deliveries_progress_idx");
      noFullScan(plan);
    }
  });

  it("the sendings' list and a post's last sending walk their indexes", async () => {
    const list = await planOf((d) => pageSendings(d, { page: 1, pageSize: 25 }));
    expect(list, list).toContain("newsletter_sendings_created_idx");
    const last = await planOf((d) => lastSentAt(d, randomUUID()));
    expect(last, last).toContain("newsletter_sendings_post_idx");
  });
});
