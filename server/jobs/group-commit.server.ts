import type { Db } from "#server/db/db.server.ts";

/** A write that runs inside the group's transaction and answers whether it changed its row. */
export type GroupedWrite = (trx: Db) => Promise<boolean>;

/**
 * Group commit: writes handed in while a commit is under way wait for it and then go together in
 * the next transaction, so several newsletter lanes recording their outcomes at once pay for one
 * commit (one flush to disk) instead of one each. Each caller's promise settles only once its
 * write is committed (or its transaction failed), so a lane still records a copy before it
 * hands over its next one.
 */
export function groupCommitter(db: Db): (write: GroupedWrite) => Promise<boolean> {
  type Entry = {
    write: GroupedWrite;
    resolve: (changed: boolean) => void;
    reject: (error: unknown) => void;
  };
  let waiting: Entry[] = [];
  let flushing = false;

  async function flush(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        // One write alone commits by itself: no BEGIN and COMMIT round trips around it.
        const results =
          batch.length === 1 && batch[0]
            ? [await batch[0].write(db)]
            : await db.transaction().execute(async (trx) => {
                const changed: boolean[] = [];
                for (const entry of batch) changed.push(await entry.write(trx));
                return changed;
              });
        batch.forEach((entry, i) => {
          entry.resolve(results[i] ?? false);
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    flushing = false;
  }

  return (write) =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ write, resolve, reject });
      // After the I/O events already in: the other lanes' answers that came in meanwhile (while
      // a commit held the thread, with SQLite) join this group instead of waiting for the next.
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
}
