import { type Kysely, sql } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// A post's newsletter that goes out when the post goes live (docs/decisions/038-newsletter-with-
// the-post.md): the post carries the plan, and the publishing sweep hands it over to a sending in
// the transaction that clears it.
//
// - newsletterOnPublish: 1/true while the post's newsletter waits for its publication;
// - newsletterRequestedBy: the user id of whoever planned it (the sending's sender).
//
// The partial index keeps the sweep's look for planned newsletters at the size of the plans.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));
  await db.schema
    .alterTable("posts")
    .addColumn("newsletterOnPublish", t.boolean, (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable("posts").addColumn("newsletterRequestedBy", "text").execute();
  await db.schema
    .createIndex("posts_newsletter_on_publish")
    .on("posts")
    .column("id")
    .where(sql.ref("newsletterOnPublish"), "=", sql.lit(dbKindOf(db) === "postgres" ? true : 1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("posts_newsletter_on_publish").execute();
  await db.schema.alterTable("posts").dropColumn("newsletterRequestedBy").execute();
  await db.schema.alterTable("posts").dropColumn("newsletterOnPublish").execute();
}
