import { type Kysely, sql } from "kysely";
import { dbKindOf } from "#server/db/dialect.server.ts";

// SQLite: the public lists walk the publication indexes of migrations 0005 and 0006 in order and
// test each entry against the visibility rule (published, or scheduled with its time come). A
// post scheduled for later sorts before every visible one (its publication time is its
// scheduledAt, in the future), and an index without scheduledAt makes SQLite read the whole row
// (its HTML first) to learn that it is not visible yet: with a few hundred posts scheduled ahead
// (10,000 posts shaped like the benchmark's) the three latest posts cost 5 ms instead of 0.02.
// With status and scheduledAt in the index, SQLite tests the rule on the index entry and reads
// only the rows it keeps (it seeks a row only for a column the index lacks). Same names, so
// the plans and what explains them stay; the entries are a little longer.
//
// PostgreSQL keeps its indexes: an index scan there tests a filter on the table row either way
// (docs/decisions/014-list-memo.md).

const PUBLICATION_TIME = sql`coalesce("publishedAt", "scheduledAt", "createdAt")`;

/** Each index, as 0005 and 0006 made it and as it is from here on. */
const INDEXES = [
  {
    name: "posts_status_publication_idx",
    before: sql`("status", ${PUBLICATION_TIME}, "id")`,
    after: sql`("status", ${PUBLICATION_TIME}, "id", "scheduledAt")`,
  },
  {
    name: "posts_category_publication_idx",
    before: sql`("category", ${PUBLICATION_TIME}, "id")`,
    after: sql`("category", ${PUBLICATION_TIME}, "id", "status", "scheduledAt")`,
  },
  {
    name: "posts_category_status_publication_idx",
    before: sql`("category", "status", ${PUBLICATION_TIME}, "id")`,
    after: sql`("category", "status", ${PUBLICATION_TIME}, "id", "scheduledAt")`,
  },
  {
    name: "posts_category_pack_publication_idx",
    before: sql`("category", "packType", ${PUBLICATION_TIME}, "id")`,
    after: sql`("category", "packType", ${PUBLICATION_TIME}, "id", "status", "scheduledAt")`,
  },
];

async function recreate(db: Kysely<unknown>, form: "before" | "after") {
  if (dbKindOf(db) !== "sqlite") return;
  for (const index of INDEXES) {
    await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
    await sql`create index ${sql.id(index.name)} on "posts" ${index[form]}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await recreate(db, "after");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await recreate(db, "before");
}
