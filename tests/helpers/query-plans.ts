import type { CompiledQuery, KyselyPlugin } from "kysely";
import type { Db } from "#server/db/db.server.ts";

/**
 * Runs `list` and answers every statement it built, in order: those it sent, and the subqueries
 * inside them (Kysely hands plugins each query builder's statement, a subquery's too), for the
 * query-plan tests to ask each database how it would run them.
 */
export async function statementsOf(
  db: Db,
  list: (db: Db) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const sent: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      sent.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await list(db.withPlugin(recorder));
  return sent;
}
