import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import * as m0018 from "./0018-newsletter-sender-id.ts";

describeEachDatabase("migration 0018: who started a sending, by user id", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.destroy());

  it("matches sendings kept by address to the login with it, leaves first names alone (applied again after being undone)", async () => {
    const db = database.handle.db;
    // A migration sees the database untyped, as when it runs.
    const untyped = db as unknown as Kysely<unknown>;
    await m0018.down(untyped);
    const now = new Date().toISOString();
    await sql`insert into users (id, name, email, "createdAt", "updatedAt")
      values ('u1', '', 'mara@studio.test', ${now}, ${now})`.execute(db);
    for (const [id, createdBy] of [
      ["by-address", "Mara@Studio.test"],
      ["by-first-name", "Mara"],
      ["by-gone-address", "gone@studio.test"],
      ["by-nobody", null],
    ]) {
      await sql`insert into newsletter_sendings
        (id, "postTitle", subject, html, text, total, "createdBy", "createdAt")
        values (${id}, 'T', 'T', '<p>T</p>', 'T', 0, ${createdBy}, ${now})`.execute(db);
    }

    await m0018.up(untyped);
    const rows = await db
      .selectFrom("newsletter_sendings")
      .select(["id", "createdBy", "createdById"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "by-address", createdBy: "Mara@Studio.test", createdById: "u1" },
      { id: "by-first-name", createdBy: "Mara", createdById: null },
      { id: "by-gone-address", createdBy: "gone@studio.test", createdById: null },
      { id: "by-nobody", createdBy: null, createdById: null },
    ]);
  });
});
