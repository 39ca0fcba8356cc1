import { type Kysely, sql } from "kysely";

// Who started a newsletter sending, by user id (docs/product/content-model.md#people): the list
// names them as everywhere else, from their employee record, rather than by what the sending
// kept of them. `createdBy` stays as the name at the time, shown when the login is gone.
//
// Older sendings kept the sender's first name or, without one, their e-mail address; those kept
// by address are matched to the login with it (both are stored lower-cased).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("newsletter_sendings").addColumn("createdById", "text").execute();
  await sql`update newsletter_sendings set "createdById" =
    (select users.id from users where users.email = lower(newsletter_sendings."createdBy"))
    where "createdBy" like '%@%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("newsletter_sendings").dropColumn("createdById").execute();
}
