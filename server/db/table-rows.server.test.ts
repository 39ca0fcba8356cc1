import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakePostRow } from "#tests/factories/post.ts";
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import {
  type Column,
  normaliseRow,
  postgresColumns,
  readRows,
  summariseTable,
  TABLES,
} from "./table-rows.server.ts";

const EMPLOYEE_COLUMNS: Column[] = [
  { name: "id", kind: "text" },
  { name: "isActive", kind: "boolean" },
  { name: "createdAt", kind: "timestamp" },
];

describe("normalised rows", () => {
  it("turns SQLite's 0/1 into booleans and its zoneless timestamps into UTC ISO strings", () => {
    expect(
      normaliseRow("employees", EMPLOYEE_COLUMNS, {
        id: "e1",
        isActive: 0,
        createdAt: "2026-03-01 10:20:30",
        extra: "left out",
      }),
    ).toEqual({ id: "e1", isActive: false, createdAt: "2026-03-01T10:20:30.000Z" });
    expect(
      normaliseRow("employees", EMPLOYEE_COLUMNS, {
        id: "e2",
        isActive: 1,
        createdAt: "2026-03-01T10:20:30.123+02:00",
      }),
    ).toEqual({ id: "e2", isActive: true, createdAt: "2026-03-01T08:20:30.123Z" });
    expect(normaliseRow("employees", EMPLOYEE_COLUMNS, { id: "e3", isActive: null })).toEqual({
      id: "e3",
      isActive: null,
      createdAt: null,
    });
  });

  it("refuses a timestamp column holding something that is not a time, naming it", () => {
    expect(() =>
      normaliseRow("employees", EMPLOYEE_COLUMNS, { id: "e", isActive: 1, createdAt: "soon" }),
    ).toThrow("employees.createdAt holds a value that is not a time: soon");
  });

  it("lists every table the migrations make, so a new table cannot be left out of backups", async () => {
    const db = await createTestDatabase("sqlite");
    try {
      const made = (await db.handle.db.introspection.getTables()).map((t) => t.name).sort();
      expect(TABLES.map((t) => t.name).sort()).toEqual(made);
    } finally {
      await db.destroy();
    }
  });

  it("orders the tables so each comes after the tables it refers to", () => {
    const order = TABLES.map((t) => t.name);
    for (const [child, parent] of [
      ["sessions", "users"],
      ["accounts", "users"],
      ["invitations", "employees"],
      ["post_slug_redirects", "posts"],
      ["post_working_copies", "posts"],
      ["post_revisions", "posts"],
      ["post_tags", "posts"],
    ] as const) {
      expect(order.indexOf(child)).toBeGreaterThan(order.indexOf(parent));
    }
  });
});

// Keys that sort differently by locale than byte by byte: upper and lower case, digits,
// punctuation and non-ASCII.
const KEYS = ["b", "B", "a", "Z", "é", "e", "10", "9", "_x", "-y", "ß", "zz"];

describe.skipIf(!TEST_DATABASE_URL)("the same rows on SQLite and PostgreSQL", () => {
  let sqlite: TestDatabase;
  let postgres: TestDatabase;
  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([
      createTestDatabase("sqlite"),
      createTestDatabase("postgres"),
    ]);
    for (const db of [sqlite, postgres]) {
      await db.handle.db
        .insertInto("subscribers")
        .values(
          KEYS.map((id, i) => ({
            id,
            email: `${i}@example.com`,
            createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
          })),
        )
        .execute();
    }
  });
  afterAll(async () => {
    await Promise.all([sqlite?.destroy(), postgres?.destroy()]);
  });

  const subscribers = { name: "subscribers", key: "id" };

  it("are read in the same byte-wise key order, every row once across small batches", async () => {
    const keysOf = async (db: TestDatabase) => {
      const keys: unknown[] = [];
      for await (const batch of readRows(db.handle.db, subscribers, 5)) {
        keys.push(...batch.map((row) => row.id));
      }
      return keys;
    };
    const bytewise = [...KEYS].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(await keysOf(sqlite)).toEqual(bytewise);
    expect(await keysOf(postgres)).toEqual(bytewise);
  });

  it("are read in key order by a composite key too, every row once across small batches", async () => {
    const postTags = { name: "post_tags", key: ["postId", "tag"] };
    const pairs = ["b", "B", "a"].flatMap((postId) =>
      ["x", "X", "é", "10", "9"].map((tag) => ({ postId, tag })),
    );
    for (const db of [sqlite, postgres]) {
      await db.handle.db
        .insertInto("posts")
        .values(["b", "B", "a"].map((id) => fakePostRow({ id, slug: `post-${db.kind}-${id}` })))
        .execute();
      await db.handle.db.insertInto("post_tags").values(pairs).execute();
    }
    const read = async (db: TestDatabase) => {
      const keys: string[] = [];
      for await (const batch of readRows(db.handle.db, postTags, 4)) {
        keys.push(...batch.map((row) => `${row.postId}/${row.tag}`));
      }
      return keys;
    };
    const bytewise = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    const expected = [...pairs]
      .sort((a, b) => bytewise(a.postId, b.postId) || bytewise(a.tag, b.tag))
      .map((pair) => `${pair.postId}/${pair.tag}`);
    expect(await read(sqlite)).toEqual(expected);
    expect(await read(postgres)).toEqual(expected);
  });

  it("have the same count and checksum on both", async () => {
    const columns = await postgresColumns(postgres.handle.db, "subscribers");
    const onSqlite = await summariseTable(sqlite.handle.db, subscribers, columns);
    const onPostgres = await summariseTable(postgres.handle.db, subscribers, columns);
    expect(onSqlite).toEqual(onPostgres);
    expect(onSqlite.rows).toBe(KEYS.length);

    await postgres.handle.db
      .updateTable("subscribers")
      .set({ email: "changed@example.com" })
      .where("id", "=", "é")
      .execute();
    const changed = await summariseTable(postgres.handle.db, subscribers, columns);
    expect(changed.rows).toBe(KEYS.length);
    expect(changed.sha256).not.toBe(onSqlite.sha256);
  });
});
