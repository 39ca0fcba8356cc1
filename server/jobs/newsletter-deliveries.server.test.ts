import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "#server/db/db.server.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { claimDueDeliveries } from "./newsletter-deliveries.server.ts";

// The worker's claim (docs/decisions/028-newsletter-sending.md): however many claim at once,
// each takes at most its limit, and no row is taken twice.

const NOW = new Date("2026-06-01T12:00:00.000Z");
const ROWS = 120;
const LIMIT = 5;
const CLAIMERS = 4;

describeEachDatabase("claiming newsletter deliveries", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const sendingId = randomUUID();
    await db()
      .insertInto("newsletter_sendings")
      .values({
        id: sendingId,
        postId: randomUUID(),
        postTitle: "Claims",
        subject: "Claims",
        html: "<p>x</p>",
        text: "x",
        status: "sending",
        total: ROWS,
        createdBy: null,
        createdAt: NOW.toISOString(),
        finishedAt: null,
      })
      .execute();
    await db()
      .insertInto("newsletter_deliveries")
      .values(
        Array.from({ length: ROWS }, (_, i) => ({
          id: `${sendingId}.${String(i).padStart(4, "0")}`,
          sendingId,
          subscriberId: randomUUID(),
          email: `reader-${i}@example.com`,
          status: "pending",
          attempts: 0,
          nextAttemptAt: new Date(NOW.getTime() - i * 1000).toISOString(),
          lastAttemptAt: null,
          claimedBy: null,
        })),
      )
      .execute();
  });
  afterAll(() => database?.destroy());

  it("claimers at once each take at most their limit, oldest due first, never the same row", async () => {
    // PostgreSQL: a pool per claimer, as separate processes have. SQLite: one handle (processes
    // sharing a database use PostgreSQL; SQLite's single writer takes them one after another).
    const pools = Array.from({ length: CLAIMERS }, () =>
      kind === "postgres"
        ? openDatabase({
            databaseUrl: database.databaseUrl,
            dataDir: database.dataDir,
            schema: database.schema,
          })
        : null,
    );
    const taken: string[] = [];
    try {
      while (taken.length < ROWS) {
        const rounds = await Promise.all(
          pools.map((pool, i) =>
            claimDueDeliveries(pool?.db ?? db(), {
              holder: `host:${i}:claimer`,
              until: new Date(NOW.getTime() + 60_000),
              now: NOW,
              limit: LIMIT,
            }),
          ),
        );
        for (const claimed of rounds) expect(claimed.length).toBeLessThanOrEqual(LIMIT);
        const round = rounds.flat().map((row) => row.id);
        expect(round.length).toBeGreaterThan(0);
        taken.push(...round);
      }
    } finally {
      await Promise.all(pools.map((pool) => pool?.close()));
    }
    expect(new Set(taken).size).toBe(ROWS);
    // The oldest due (the highest numbers here) went first: the first round took the oldest.
    expect(
      taken.slice(0, LIMIT).every((id) => Number(id.slice(-4)) >= ROWS - LIMIT * CLAIMERS),
    ).toBe(true);
  });
});
