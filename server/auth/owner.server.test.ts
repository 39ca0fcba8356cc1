import { type KyselyPlugin, SelectQueryNode } from "kysely";
import { afterEach, expect, it } from "vitest";
import { loadConfig } from "#server/config/env.server.ts";
import { signInRequest } from "#tests/helpers/staff.ts";
import { testAuth } from "#tests/helpers/test-auth.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { startTestServerOn, type TestServer } from "#tests/helpers/test-server.ts";
import { ensureOwnerAccount } from "./owner.server.ts";

const OWNER = { ADMIN_EMAIL: "Boss@Studio.test", ADMIN_PASSWORD: "first-owner-password" };

/** A plugin that answers the first `count` selects from users with no rows. */
function hideFirstUserLookups(count: number): KyselyPlugin {
  const userLookups = new WeakSet<object>();
  let hidden = 0;
  return {
    transformQuery({ node, queryId }) {
      if (SelectQueryNode.is(node) && JSON.stringify(node.from).includes('"users"')) {
        userLookups.add(queryId);
      }
      return node;
    },
    async transformResult({ queryId, result }) {
      if (!userLookups.has(queryId) || hidden >= count) return result;
      hidden += 1;
      return { ...result, rows: [] };
    },
  };
}

describeEachDatabase("owner bootstrap", (kind) => {
  let database: TestDatabase | undefined;
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await database?.destroy();
    database = undefined;
  });

  async function start(env: Record<string, string>) {
    database ??= await createTestDatabase(kind);
    const server = await startTestServerOn(database, env);
    servers.push(server);
    return server;
  }

  it("creates the owner's login on start, with the e-mail in lower case", async () => {
    const server = await start(OWNER);
    expect((await signInRequest(server, "boss@studio.test", OWNER.ADMIN_PASSWORD)).status).toBe(
      200,
    );
    const users = await server.db.handle.db
      .selectFrom("users")
      .select(["email", "emailVerified"])
      .execute();
    expect(users).toEqual([
      { email: "boss@studio.test", emailVerified: kind === "sqlite" ? 1 : true },
    ]);
  });

  it("never changes an existing login: a new ADMIN_PASSWORD on restart does not replace the old one", async () => {
    await start(OWNER);
    const restarted = await start({ ...OWNER, ADMIN_PASSWORD: "a-different-password" });
    expect((await signInRequest(restarted, OWNER.ADMIN_EMAIL, "a-different-password")).status).toBe(
      401,
    );
    expect((await signInRequest(restarted, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD)).status).toBe(
      200,
    );
  });

  it("creates exactly one login when several processes start at once", async () => {
    database = await createTestDatabase(kind);
    const db = database.handle.db;
    // Each configuration stands for a process with its own better-auth instance. Eight of them
    // make the losing orders likely: a unique-key collision, and a winner that commits between
    // a loser's two checks.
    const configs = Array.from({ length: 8 }, () =>
      loadConfig({ DATA_DIR: database?.dataDir, ...OWNER }),
    );
    const results = await Promise.all(
      configs.map((config) => ensureOwnerAccount({ db, auth: testAuth(db, config), config })),
    );
    expect(results.sort()).toEqual(["created", ...Array(7).fill("exists")]);
    const users = await db.selectFrom("users").select("id").execute();
    const accounts = await db.selectFrom("accounts").select("id").execute();
    expect(users).toHaveLength(1);
    expect(accounts).toHaveLength(1);
  });

  it("answers 'exists' when another process commits the login between its own checks", async () => {
    database = await createTestDatabase(kind);
    const db = database.handle.db;
    const winner = loadConfig({ DATA_DIR: database.dataDir, ...OWNER });
    expect(await ensureOwnerAccount({ db, auth: testAuth(db, winner), config: winner })).toBe(
      "created",
    );
    // The loser's first two looks at users (before its transaction and inside it) still see
    // no login; its third, in createPasswordLogin, sees the winner's committed login.
    const loser = loadConfig({ DATA_DIR: database.dataDir, ...OWNER });
    const lateDb = db.withPlugin(hideFirstUserLookups(2));
    expect(await ensureOwnerAccount({ db: lateDb, auth: testAuth(db, loser), config: loser })).toBe(
      "exists",
    );
    expect(await db.selectFrom("accounts").select("id").execute()).toHaveLength(1);
  });

  it("does nothing without ADMIN_EMAIL", async () => {
    const server = await start({});
    expect(
      await ensureOwnerAccount({
        db: server.db.handle.db,
        auth: server.auth,
        config: server.config,
      }),
    ).toBe("not-configured");
    expect(await server.db.handle.db.selectFrom("users").select("id").execute()).toEqual([]);
  });
});
