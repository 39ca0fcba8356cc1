import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import { moveToPostgres } from "#server/maintenance/migrate-to-postgres.server.ts";
import { createEmployee } from "#tests/factories/employee.ts";
import { createManyPosts, fromNow } from "#tests/factories/post.ts";
import { runCommand } from "#tests/helpers/maintenance.ts";
import {
  createServerData,
  killServerProcesses,
  openServerDatabase,
  type ServerData,
  startServerProcess,
  stopServerProcess,
} from "#tests/helpers/server-process.ts";
import { signIn } from "#tests/helpers/staff.ts";
import { createTestDatabase, TEST_DATABASE_URL } from "#tests/helpers/test-database.ts";

// `npm run migrate-to-postgres`: a site's SQLite database copied into an empty PostgreSQL
// database, verified table by table, and the site started on PostgreSQL with the same DATA_DIR.

const OWNER = { ADMIN_EMAIL: "owner@move.test", ADMIN_PASSWORD: "owner-move-password" };

afterEach(killServerProcesses);

describe.skipIf(!TEST_DATABASE_URL)("moving a site from SQLite to PostgreSQL", () => {
  const made: Array<{ destroy: () => Promise<void> }> = [];
  afterAll(async () => {
    await killServerProcesses();
    await Promise.all(made.map((data) => data.destroy()));
  });
  const serverData = async (kind: "sqlite" | "postgres") => {
    const data = await createServerData(kind);
    made.push(data);
    return data;
  };

  it("moves the demo site with its staff, sessions and revisions, and serves it on PostgreSQL", {
    timeout: 120_000,
  }, async () => {
    const sqlite = await serverData("sqlite");
    const before = await startServerProcess({ ...sqlite.env, ...OWNER, SEED_DEMO: "1" });
    const cookie = await signIn(before, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    const saved = await fetch(`${before.url}/api/posts`, {
      method: "POST",
      headers: { cookie, origin: before.url, "content-type": "application/json" },
      body: JSON.stringify({
        title: "Written before the move",
        slug: "written-before-the-move",
        content: "<p>Kept across the move.</p>",
        status: "published",
        category: "news",
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    expect(await stopServerProcess(before)).toEqual({ code: 0, signal: null });
    const published = await publishedSlugs(sqlite);
    expect(published.length).toBeGreaterThan(5);

    const postgres = await serverData("postgres");
    const to = postgres.env.DATABASE_URL ?? "";
    const moved = await runCommand("migrate-to-postgres", ["--to", to], {
      DATA_DIR: sqlite.dataDir,
    });
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(/posts: \d+ rows, checksum [0-9a-f]{16} \(same on both sides\)/);
    expect(moved.stdout).toMatch(/post_revisions: [1-9]\d* rows/);
    expect(moved.stdout).toMatch(/sessions: [1-9]\d* rows/);
    expect(moved.stdout).toContain("DATABASE_URL=postgres://");
    expect(moved.stdout).toContain(`DATA_DIR=${sqlite.dataDir}`);

    const after = await startServerProcess({
      DATA_DIR: sqlite.dataDir,
      DATABASE_URL: to,
      ...OWNER,
    });
    expect(after.stdout()).toContain("(postgres database)");
    for (const slug of published) {
      const post = await fetch(`${after.url}/api/posts/slug/${slug}`);
      expect(post.status, slug).toBe(200);
    }
    expect(await (await fetch(`${after.url}/news`)).text()).toContain("Written before the move");
    // The session signed in on SQLite goes on working: its row moved, its secret stayed.
    const list = await fetch(`${after.url}/api/subscribers/export`, { headers: { cookie } });
    expect(list.status).toBe(200);

    const again = await runCommand("migrate-to-postgres", ["--to", to], {
      DATA_DIR: sqlite.dataDir,
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /not empty \(rows in .*posts.*\): the move needs an empty database/,
    );
  });

  it("moves a generated site of 10,000 posts, every row the same on both sides", {
    timeout: 120_000,
  }, async () => {
    const source = await createTestDatabase("sqlite");
    made.push(source);
    const db = source.handle.db;
    const posts: Array<{ slug: string; title: string }> = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const rows = await createManyPosts(db, 1000, (i) => ({
        createdAt: fromNow(-(batch * 1000 + i) * 60_000),
        publishedAt: fromNow(-(batch * 1000 + i) * 60_000),
        content: `<p>Post ${batch * 1000 + i}</p>`,
        tags: JSON.stringify(["generated", `batch-${batch}`]),
      }));
      posts.push(...rows.filter((_, i) => i % 250 === 0));
    }
    const inactive = await createEmployee(db, { isActive: false });
    await createEmployee(db, { isActive: true });
    await db
      .insertInto("rate_limits")
      .values({ key: `newsletter:${randomUUID()}`, hits: 3, resetAt: fromNow(60_000) })
      .execute();
    await source.handle.close();

    const postgres = await serverData("postgres");
    const to = postgres.env.DATABASE_URL ?? "";
    const report = await moveToPostgres({
      location: { dataDir: source.dataDir, databaseUrl: undefined, storage: { kind: "disk" } },
      to,
    });
    const rows = Object.fromEntries(report.tables.map((table) => [table.name, table.rows]));
    expect(rows).toMatchObject({ posts: 10_000, employees: 2, rate_limits: 1, users: 0 });

    const target = openServerDatabase(postgres);
    const employee = await target.db
      .selectFrom("employees")
      .select(["isActive", "createdAt"])
      .where("id", "=", inactive.id)
      .executeTakeFirstOrThrow();
    expect(employee).toEqual({ isActive: false, createdAt: inactive.createdAt });

    const after = await startServerProcess({ DATA_DIR: source.dataDir, DATABASE_URL: to });
    for (const post of posts) {
      const response = await fetch(`${after.url}/api/posts/slug/${post.slug}`);
      expect(response.status, post.slug).toBe(200);
      expect(((await response.json()) as { title: string }).title).toBe(post.title);
    }
  });
});

/** The slugs of the published posts in a server's database. */
async function publishedSlugs(data: ServerData): Promise<string[]> {
  const { db, close } = openServerDatabase(data);
  try {
    return await slugsOf(db);
  } finally {
    await close();
  }
}

async function slugsOf(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("posts")
    .select("slug")
    .where("status", "=", "published")
    .execute();
  return rows.map((row) => row.slug);
}
