import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import { migrateToLatest } from "#server/db/migrate.server.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { eventually } from "#tests/helpers/http.ts";
import {
  createServerData,
  killServerProcesses,
  openServerDatabase,
  type ServerData,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from "#tests/helpers/server-process.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { TEST_DATABASE_URL } from "#tests/helpers/test-database.ts";

// A scheduled post's newsletter when the server process dies at the moment of the publishing
// sweep (docs/decisions/038-newsletter-with-the-post.md). PostgreSQL makes the moment exact: the
// test holds a lock the sweep needs, waits until the server's connection is seen waiting for it
// in pg_stat_activity, and kills the process with SIGKILL there. First while the sweep flips the
// post to published, then in the middle of the hand-off (its sending half written). After a
// restart the post is public and every active subscriber gets the newsletter exactly once.

describe.skipIf(!TEST_DATABASE_URL)(
  "a scheduled post's newsletter, with the process killed at the sweep",
  () => {
    let data: ServerData;
    let database: { db: Db; close: () => Promise<void> };
    let smtp: TestSmtpServer;
    /** Holds the lock the sweep waits for (inside a transaction of its own). */
    let locker: pg.Client;
    /**
     * Watches the server's connections: outside any transaction, since one sees the same
     * pg_stat_activity for its whole length.
     */
    let watcher: pg.Client;
    const db = () => database.db;

    beforeAll(async () => {
      data = await createServerData("postgres");
      database = openServerDatabase(data);
      await migrateToLatest(db());
      smtp = await startTestSmtpServer();
      const url = new URL(data.env.DATABASE_URL ?? "");
      url.searchParams.set("application_name", "studio_test_locker");
      locker = new pg.Client({ connectionString: url.toString() });
      await locker.connect();
      watcher = new pg.Client({ connectionString: url.toString() });
      await watcher.connect();
    }, 60_000);
    afterAll(async () => {
      await killServerProcesses();
      await locker?.end();
      await watcher?.end();
      await smtp?.close();
      await database?.close();
      await data?.destroy();
    });

    /**
     * How many of the server's connections have written to posts in a transaction still open and
     * wait for a lock: on a post's row (`row`), or on the newsletter_sendings table (`sendings`).
     */
    async function serverWaitingFor(what: "row" | "sendings"): Promise<number> {
      const waiting =
        what === "row"
          ? "w.locktype in ('transactionid', 'tuple')"
          : "w.relation = 'newsletter_sendings'::regclass";
      const { rows } = await watcher.query<{ count: string }>(
        `select count(*) from pg_stat_activity a
        where a.application_name = $1 and a.wait_event_type = 'Lock'
          and exists (select 1 from pg_locks l where l.pid = a.pid and l.granted
                        and l.relation = 'posts'::regclass and l.mode = 'RowExclusiveLock')
          and exists (select 1 from pg_locks w where w.pid = a.pid and not w.granted and ${waiting})`,
        [data.postgres?.applicationName],
      );
      return Number(rows[0]?.count ?? 0);
    }

    /** Waits until the dead process's connections are gone (their transactions ended). */
    async function serverConnectionsGone() {
      await eventually(async () => {
        const { rows } = await watcher.query<{ count: string }>(
          "select count(*) from pg_stat_activity where application_name = $1",
          [data.postgres?.applicationName],
        );
        expect(Number(rows[0]?.count)).toBe(0);
      }, 30_000);
    }

    const env = () => ({
      ...data.env,
      SESSION_SECRET: randomUUID() + randomUUID(),
      SMTP_URL: smtp.url,
      MAIL_RATE_PER_MINUTE: "0",
      SEED_DEMO: "0",
    });

    /** Starts the server with `lock` held, kills it once it waits for `what`, then lets go. */
    async function killWhileWaiting(lock: string, what: "row" | "sendings") {
      await locker.query("begin");
      await locker.query(lock);
      const server: ServerProcess = await startServerProcess(env(), { timeoutMs: 60_000 });
      await eventually(async () => {
        expect(await serverWaitingFor(what)).toBe(1);
      }, 30_000);
      server.signal("SIGKILL");
      await server.exited;
      await locker.query("rollback");
      await serverConnectionsGone();
    }

    it("is sent once, to every active subscriber, after a restart", async () => {
      const readers = [await createSubscriber(db()), await createSubscriber(db())];
      await createSubscriber(db(), { status: "pending", confirmationSentAt: fromNow(0) });
      const post = await createPost(db(), {
        title: "Frostbite Realms is out",
        status: "scheduled",
        scheduledAt: fromNow(-1_000),
      });
      await db()
        .updateTable("posts")
        .set({ newsletterOnPublish: true })
        .where("id", "=", post.id)
        .execute();
      const row = () =>
        db()
          .selectFrom("posts")
          .select(["status", "newsletterOnPublish"])
          .where("id", "=", post.id)
          .executeTakeFirstOrThrow();
      const sendings = () =>
        db().selectFrom("newsletter_sendings").select("id").where("postId", "=", post.id).execute();

      // Killed while the sweep waits to flip the post: at most the flip itself went through.
      await killWhileWaiting(`select id from posts where id = '${post.id}' for update`, "row");
      expect(await sendings()).toEqual([]);

      // Killed in the middle of the hand-off: the plan was claimed, the sending not yet written.
      await killWhileWaiting("lock table newsletter_sendings in share mode", "sendings");
      expect(await row()).toEqual({ status: "published", newsletterOnPublish: true });
      expect(await sendings()).toEqual([]);
      expect(smtp.received).toEqual([]);

      const server = await startServerProcess(env(), { timeoutMs: 60_000 });
      await smtp.waitFor(readers.length, 60_000);
      await eventually(async () => {
        const finished = await db()
          .selectFrom("newsletter_sendings")
          .select("status")
          .where("postId", "=", post.id)
          .execute();
        expect(finished).toEqual([{ status: "finished" }]);
      }, 60_000);
      await stopServerProcess(server);

      expect(await row()).toEqual({ status: "published", newsletterOnPublish: false });
      expect(await sendings()).toHaveLength(1);
      const to = smtp.received.flatMap((mail) => mail.to).sort();
      expect(to).toEqual(readers.map((reader) => reader.email).sort());
      expect(smtp.received[0]?.parsed.subject).toContain("Frostbite Realms is out");
    }, 240_000);
  },
);
