import type { Compilable, CompiledQuery } from "kysely";
import type { Db } from "./db.server.ts";

/** A stand-in for one value: no real parameter starts with a NUL character. */
const standInFor = (name: string) => `\u0000${name}\u0000`;

/**
 * A query Kysely builds and compiles once per database handle, then runs again with other
 * values. Building and compiling a SELECT with a WHERE of a few conditions cost several times
 * what SQLite took to answer it, on every public read. `build` gets a stand-in string for each
 * named value and must use each one as a query parameter only (`where(col, "=", values.slug)`),
 * never in SQL text or a computation; the stand-ins are swapped for the real values whenever
 * the query runs. Values are strings, never containing NUL (PostgreSQL refuses it anyway), or
 * numbers: a number's stand-in is a string too, so it goes in as a parameter of a raw
 * expression typed as a number (`limit(sql<number>`${values.limit}`)`).
 * Kept per handle in a WeakMap: one compiled query per database (and per transaction), freed
 * with it.
 */
export function reusableQuery<Name extends string, Row>(
  names: readonly Name[],
  build: (db: Db, values: Record<Name, string>) => Compilable<Row>,
): (db: Db, values: Record<Name, string | number>) => Promise<Row[]> {
  const standIns = Object.fromEntries(names.map((name) => [name, standInFor(name)])) as Record<
    Name,
    string
  >;
  const nameOf = new Map<unknown, Name>(names.map((name) => [standInFor(name), name]));
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db, values) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, standIns).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((parameter) => {
      const name = nameOf.get(parameter);
      return name === undefined ? parameter : values[name];
    });
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  };
}
