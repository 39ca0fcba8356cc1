import { constants, DatabaseSync, StatementSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { type Dialect, Kysely } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { withImmediateTransactions } from "./dialect.server.ts";
import { withStatementCache } from "./sqlite-statements.server.ts";

describe("withStatementCache", () => {
  function open(size?: number) {
    const database = new DatabaseSync(":memory:");
    database.exec("create table t (id integer primary key, name text)");
    const prepare = vi.spyOn(database, "prepare");
    return { database, prepare, cached: withStatementCache(database, size) };
  }

  it("prepares each SQL once and answers every run afresh", () => {
    const { prepare, cached } = open();
    cached.prepare("insert into t (name) values (?)").run("a");
    cached.prepare("insert into t (name) values (?)").run("b");
    const select = "select name from t where id > ? order by id";
    expect(cached.prepare(select).all(0)).toEqual([{ name: "a" }, { name: "b" }]);
    expect(cached.prepare(select).all(1)).toEqual([{ name: "b" }]);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it("keeps at most `size` statements, dropping the one used longest ago", () => {
    const { prepare, cached } = open(2);
    const a = "select 1 as v";
    const b = "select 2 as v";
    const c = "select 3 as v";
    cached.prepare(a);
    cached.prepare(b);
    cached.prepare(a); // a is now the most recent
    cached.prepare(c); // b goes
    expect(prepare).toHaveBeenCalledTimes(3);
    cached.prepare(a);
    expect(prepare).toHaveBeenCalledTimes(3);
    expect(cached.prepare(b).get()).toEqual({ v: 2 });
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it("still sees a table changed after the statement was prepared, and passes the rest through", () => {
    const { database, cached } = open();
    const select = "select * from t";
    expect(cached.prepare(select).all()).toEqual([]);
    database.exec(
      "alter table t add column extra text; insert into t (name, extra) values ('x', 'y')",
    );
    expect(cached.prepare(select).all()).toEqual([{ id: 1, name: "x", extra: "y" }]);
    expect(cached.isTransaction).toBe(false);
    cached.exec("begin");
    expect(cached.isTransaction).toBe(true);
    cached.exec("commit");
    cached.close();
    expect(database.isOpen).toBe(false);
  });

  it("works out a statement's columns once, and still tells reads from writes", () => {
    const { cached } = open();
    const select = "select id, name from t";
    const columns = vi.spyOn(StatementSync.prototype, "columns");
    const names = () =>
      cached
        .prepare(select)
        .columns()
        .map((column) => column.name);
    expect(names()).toEqual(["id", "name"]);
    expect(names()).toEqual(["id", "name"]);
    expect(columns).toHaveBeenCalledTimes(1);
    expect(cached.prepare("insert into t (name) values (?)").columns()).toEqual([]);
    columns.mockRestore();
  });
});

describe("KeptPlanSqliteCompiler", () => {
  type Tables = { t: { id: number; name: string } };

  /**
   * A database of five rows through `dialect`, and how many times SQLite compiled a statement
   * since `compiled.reset()`: its authorizer is asked about every statement SQLite compiles,
   * whether prepared or compiled again, and never while one runs.
   */
  function open(dialectOf: (database: DatabaseSync) => Dialect) {
    const database = new DatabaseSync(":memory:");
    database.exec("create table t (id integer primary key, name text)");
    database.exec("insert into t (name) values ('a'), ('b'), ('c'), ('d'), ('e')");
    let compilations = 0;
    database.setAuthorizer(() => {
      compilations += 1;
      return constants.SQLITE_OK;
    });
    const db = new Kysely<Tables>({ dialect: dialectOf(withStatementCache(database)) });
    const page = (limit: number, offset: number) =>
      db.selectFrom("t").select("name").orderBy("id").limit(limit).offset(offset).execute();
    return {
      page,
      compiled: { count: () => compilations, reset: () => (compilations = 0) },
      db,
    };
  }

  it("runs a list query again with other limits and offsets without compiling it again", async () => {
    const { db, page, compiled } = open((database) =>
      withImmediateTransactions(new NodeSqliteDialect({ database }), () => database.isTransaction),
    );
    expect(await page(2, 0)).toEqual([{ name: "a" }, { name: "b" }]);
    compiled.reset();
    expect(await page(3, 1)).toEqual([{ name: "b" }, { name: "c" }, { name: "d" }]);
    expect(await page(1, 4)).toEqual([{ name: "e" }]);
    expect(compiled.count()).toBe(0);
    const { sql } = db.selectFrom("t").select("name").limit(2).offset(1).compile();
    expect(sql).toBe('select "name" from "t" limit cast(? as integer) offset cast(? as integer)');
    await db.destroy();
  });

  it("is needed: with a bare `limit ?` SQLite compiles the statement on every run", async () => {
    const { db, page, compiled } = open((database) => new NodeSqliteDialect({ database }));
    await page(2, 0);
    compiled.reset();
    expect(await page(3, 1)).toEqual([{ name: "b" }, { name: "c" }, { name: "d" }]);
    expect(compiled.count()).toBeGreaterThan(0);
    await db.destroy();
  });
});
