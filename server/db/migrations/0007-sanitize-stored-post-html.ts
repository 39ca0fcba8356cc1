import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Database } from "#server/db/tables.ts";

// Post HTML is sanitized once, when it is written, and shown as stored
// (docs/decisions/010-sanitize-on-write.md). This migration brings the rows written before that
// to the same state: every post's content, every revision's and every working copy's is run
// through the sanitizer again. The sanitizer's output is a fixed point of it, so a row that is
// already clean stays byte for byte as it is and is not written; running it twice changes
// nothing. Rows are read a batch at a time in key order, so memory stays flat however many
// there are, and each batch's writes are one transaction. A later change of the
// sanitizer's rules reuses `resanitizeStoredPostHtml` in a migration of its own.

/** Post HTML to what may be stored: the services' sanitizer, with the site's origin. */
export type SanitizePostHtml = (html: string) => string;

/** Rows read and written at a time. */
const BATCH_SIZE = 200;

/**
 * A migration that re-sanitizes every stored post HTML with `sanitize`. Without a sanitizer
 * (a caller that does not pass one to migrateToLatest) it only succeeds on a database without
 * posts, where there is nothing to do.
 */
export function resanitizeStoredPostHtml(sanitize: SanitizePostHtml | undefined): Migration {
  return {
    up: async (db) => {
      const typed = db as unknown as Kysely<Database>;
      const clean = sanitize ?? (await requireNoPosts(typed));
      await resanitizeContent(typed, "posts", clean);
      await resanitizeContent(typed, "post_revisions", clean);
      await resanitizeWorkingCopies(typed, clean);
    },
    // Nothing to undo: the HTML that was removed was never meant to be stored.
    down: async () => {},
  };
}

async function requireNoPosts(db: Kysely<Database>): Promise<SanitizePostHtml> {
  const post = await db.selectFrom("posts").select("id").limit(1).executeTakeFirst();
  if (post) {
    throw new Error(
      "stored post HTML must be sanitized again, and migrateToLatest was given no sanitizer",
    );
  }
  return (html) => html;
}

/** Runs `write` in a transaction of its own, unless the migration already runs in one. */
function inTransaction(db: Kysely<Database>, write: (trx: Kysely<Database>) => Promise<void>) {
  // PostgreSQL runs migrations in a transaction; SQLite's dialect does not, and there one
  // transaction per batch saves a disk flush per row.
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/**
 * Walks a table in key order, `BATCH_SIZE` rows at a time (`readAfter` answers the batch after a
 * key, in key order), and hands each batch to `rewrite` inside one transaction.
 */
async function inBatches<Row>(
  db: Kysely<Database>,
  readAfter: (after: string) => Promise<Row[]>,
  keyOf: (row: Row) => string,
  rewrite: (trx: Kysely<Database>, row: Row) => Promise<void>,
): Promise<void> {
  let after = "";
  for (;;) {
    const rows = await readAfter(after);
    await inTransaction(db, async (trx) => {
      for (const row of rows) await rewrite(trx, row);
    });
    const last = rows.at(-1);
    if (!last || rows.length < BATCH_SIZE) return;
    after = keyOf(last);
  }
}

/** Posts and revisions keep their HTML in `content`, by `id`. */
function resanitizeContent(
  db: Kysely<Database>,
  table: "posts" | "post_revisions",
  sanitize: SanitizePostHtml,
): Promise<void> {
  return inBatches(
    db,
    (after) =>
      db
        .selectFrom(table)
        .select(["id", "content"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(BATCH_SIZE)
        .execute(),
    (row) => row.id,
    async (trx, row) => {
      const content = sanitize(row.content);
      if (content === row.content) return;
      await trx.updateTable(table).set({ content }).where("id", "=", row.id).execute();
    },
  );
}

/** A working copy keeps the editor's fields as JSON; only its `content` is HTML. */
function resanitizeWorkingCopies(db: Kysely<Database>, sanitize: SanitizePostHtml): Promise<void> {
  return inBatches(
    db,
    (after) =>
      db
        .selectFrom("post_working_copies")
        .select(["postId", "values"])
        .where("postId", ">", after)
        .orderBy("postId")
        .limit(BATCH_SIZE)
        .execute(),
    (row) => row.postId,
    async (trx, row) => {
      const values = JSON.parse(row.values) as { content?: unknown };
      if (typeof values.content !== "string") return;
      const content = sanitize(values.content);
      if (content === values.content) return;
      await trx
        .updateTable("post_working_copies")
        .set({ values: JSON.stringify({ ...values, content }) })
        .where("postId", "=", row.postId)
        .execute();
    },
  );
}
