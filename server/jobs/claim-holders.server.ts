import type { Db } from "#server/db/db.server.ts";

// The claims the durable workers hold on their delivery rows (newsletter copies, webhook
// deliveries: docs/decisions/028-newsletter-sending.md, 037-webhooks.md): a pending row a worker
// took names it in `claimedBy` until `claimedUntil`. The same three statements serve both tables.

/** The delivery tables whose rows workers claim; their claim columns are the same. */
export type ClaimedTable = "newsletter_deliveries" | "webhook_deliveries";

export type ClaimStatements = {
  /** Extends every pending claim of `holder` until `until`; answers how many it holds. */
  renew: (db: Db, holder: string, until: Date) => Promise<number>;
  /** Gives back every pending claim of `holder` (at shutdown, or for a holder that died). */
  release: (db: Db, holder: string) => Promise<number>;
  /** The holders of pending claims, run out or not. */
  holders: (db: Db) => Promise<string[]>;
};

export function claimStatements(table: ClaimedTable): ClaimStatements {
  // Both tables have the same status and claim columns; one name stands for both in the types.
  const rows = table as "webhook_deliveries";
  return {
    async renew(db, holder, until) {
      const result = await db
        .updateTable(rows)
        .set({ claimedUntil: until.toISOString() })
        .where("status", "=", "pending")
        .where("claimedBy", "=", holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async release(db, holder) {
      const result = await db
        .updateTable(rows)
        .set({ claimedBy: null, claimedUntil: null })
        .where("status", "=", "pending")
        .where("claimedBy", "=", holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async holders(db) {
      const found = await db
        .selectFrom(rows)
        .select("claimedBy")
        .distinct()
        .where("status", "=", "pending")
        .where("claimedBy", "is not", null)
        .execute();
      return found.flatMap((row) => (row.claimedBy ? [row.claimedBy] : []));
    },
  };
}
