import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FAULT_MESSAGES, RETRY_AFTER_SECONDS } from "#server/errors.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn } from "#tests/helpers/staff.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";
import { payload, startWithEmployee } from "./posts.router.fixture.ts";

// The SQLite database itself failing under a post save: its file cannot grow (a full disk,
// made here with max_page_count), it is read-only, or another writer keeps it locked. The save
// answers 507 or 503 with Retry-After, and the log names SQLite's own error, not the failed
// ROLLBACK that follows it ("cannot rollback - no transaction is active").

/** What the console.error spy (tests/setup) received during the current test. */
function loggedLines(): string[] {
  return vi.mocked(console.error).mock.calls.map((args) => args.map(String).join(" "));
}

describe("saving a post when the SQLite database fails [sqlite]", () => {
  let server: TestServer;
  let employee: SignedIn;
  let maxPageCount: number;
  beforeAll(async () => {
    ({ server, employee } = await startWithEmployee("sqlite"));
    maxPageCount = await pragmaNumber("max_page_count");
  });
  afterEach(async () => {
    await sql.raw(`PRAGMA max_page_count = ${maxPageCount}`).execute(db());
    await sql.raw("PRAGMA query_only = 0").execute(db());
    await sql.raw("PRAGMA busy_timeout = 5000").execute(db());
  });
  afterAll(() => server?.close());

  const db = () => server.db.handle.db;
  async function pragmaNumber(name: string): Promise<number> {
    const { rows } = await sql.raw<Record<string, number>>(`PRAGMA ${name}`).execute(db());
    return Number(Object.values(rows[0] ?? {})[0]);
  }
  const save = (body: unknown) =>
    requestAs(server, employee, "/api/posts", { method: "POST", body });
  const postsWithSlug = (slug: string) =>
    db().selectFrom("posts").select("id").where("slug", "=", slug).execute();

  it("answers 507 when the database file is full, logs SQLITE_FULL, and saves once it can grow", async () => {
    // The file may not grow by a single page: a post of 150 KB needs many.
    await sql.raw(`PRAGMA max_page_count = ${await pragmaNumber("page_count")}`).execute(db());
    const post = payload({ content: `<p>${"A long paragraph. ".repeat(8_000)}</p>` });
    allowConsoleError(1);

    const body = await readError(await save(post), 507);
    expect(body).toEqual({ message: FAULT_MESSAGES.storageFull });
    const lines = loggedLines();
    expect(lines).toEqual([
      expect.stringMatching(
        /^POST \/api\/posts answered 507: SQLITE_FULL \(13\): database or disk is full$/,
      ),
    ]);
    expect(await postsWithSlug(post.slug)).toEqual([]);

    await sql.raw(`PRAGMA max_page_count = ${maxPageCount}`).execute(db());
    expect((await save(post)).status).toBe(201);
    expect(await postsWithSlug(post.slug)).toHaveLength(1);
  });

  it("answers 503 with Retry-After when the database is read-only", async () => {
    await sql.raw("PRAGMA query_only = 1").execute(db());
    const post = payload();
    allowConsoleError(1);

    const response = await save(post);
    expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS.storage));
    expect(await readError(response, 503)).toEqual({ message: FAULT_MESSAGES.storageUnavailable });
    expect(loggedLines()).toEqual([
      expect.stringMatching(/^POST \/api\/posts answered 503: SQLITE_READONLY \(8\): /),
    ]);
    await sql.raw("PRAGMA query_only = 0").execute(db());
    expect(await postsWithSlug(post.slug)).toEqual([]);
  });

  it("answers 503 with Retry-After when another writer holds the lock past the busy timeout", async () => {
    await sql.raw("PRAGMA busy_timeout = 100").execute(db());
    const other = new DatabaseSync(path.join(server.db.dataDir, "studio.db"));
    other.exec("BEGIN IMMEDIATE");
    const post = payload();
    allowConsoleError(1);
    try {
      const response = await save(post);
      expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS.database));
      expect(await readError(response, 503)).toEqual({
        message: FAULT_MESSAGES.databaseUnavailable,
      });
      expect(loggedLines()).toEqual([
        expect.stringMatching(
          /^POST \/api\/posts answered 503: SQLITE_BUSY \(5\): database is locked$/,
        ),
      ]);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect((await save(post)).status).toBe(201);
  });
});
