import { DatabaseSync, StatementSync } from "node:sqlite";
import { describe, expect, it, vi } from "vitest";
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
