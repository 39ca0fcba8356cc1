import type { Db } from "#server/db/db.server.ts";

// The site's newsletter pace, shared by every server process (docs/decisions/028-newsletter-sending.md):
// one row holds the next free sending slot. A worker takes the slot at max(that, now) and moves
// it one interval on with a compare-and-set, then waits for its slot before handing a copy over.
// However many processes and lanes send, slots are one interval apart, so at most
// 1 + T / interval copies go out in any T milliseconds.

const PACE_ROW = "site";

/** How far apart slots are for a rate per minute (> 0). */
export function paceInterval(ratePerMinute: number): number {
  return 60_000 / ratePerMinute;
}

/** Takes the next sending slot and answers its time (milliseconds since 1970). */
export async function takeSlot(
  db: Db,
  intervalMs: number,
  now: () => number = Date.now,
): Promise<number> {
  for (;;) {
    const row = await db
      .selectFrom("newsletter_pace")
      .select("nextSlotAt")
      .where("name", "=", PACE_ROW)
      .executeTakeFirst();
    const at = now();
    if (!row) {
      const inserted = await db
        .insertInto("newsletter_pace")
        .values({ name: PACE_ROW, nextSlotAt: at + intervalMs })
        .onConflict((conflict) => conflict.column("name").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return at;
      continue;
    }
    const previous = Number(row.nextSlotAt);
    const slot = Math.max(previous, at);
    const taken = await db
      .updateTable("newsletter_pace")
      .set({ nextSlotAt: slot + intervalMs })
      .where("name", "=", PACE_ROW)
      .where("nextSlotAt", "=", previous)
      .executeTakeFirst();
    if (taken.numUpdatedRows === 1n) return slot;
  }
}
