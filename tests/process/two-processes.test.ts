import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_RATE_LIMIT } from "#common/constants.ts";
import { RESPONSE_CACHE_TTL_MS } from "#server/app.ts";
import { migrateToLatest } from "#server/db/migrate.server.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { solidImage } from "#tests/helpers/images.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";
import {
  createServerData,
  killServerProcesses,
  nextClientAddress,
  openServerDatabase,
  type ServerData,
  type ServerProcess,
  startServerProcess,
} from "#tests/helpers/server-process.ts";
import { signIn } from "#tests/helpers/staff.ts";
import { TEST_DATABASE_URL } from "#tests/helpers/test-database.ts";

// Two production server processes on one PostgreSQL database and one bucket, as behind a load balancer:
// whatever one of them does, the other sees, within the response cache's lifetime at most
// (docs/decisions/021-cache-bound-across-processes.md); background work runs once; and killing
// one outright leaves the other answering.

const OWNER = { ADMIN_EMAIL: "owner@two.test", ADMIN_PASSWORD: "owner-two-processes-password" };
/** Scheduled posts already due when both processes start: each sweeps at start. */
const DUE_POSTS = 12;
const PUBLISHED_LINE = /Published (\d+) scheduled post\(s\)/g;

describe.skipIf(!TEST_DATABASE_URL)("two server processes on one database [postgres]", () => {
  let data: ServerData;
  let otherData: ServerData;
  let bucket: TestS3Server;
  let a: ServerProcess;
  let b: ServerProcess;
  let cookie = "";
  const dueIds: string[] = [];

  beforeAll(async () => {
    data = await createServerData("postgres");
    const { db } = openServerDatabase(data);
    await migrateToLatest(db);
    for (let i = 0; i < DUE_POSTS; i++) {
      const post = await createPost(db, { status: "scheduled", scheduledAt: fromNow(-60_000 - i) });
      dueIds.push(post.id);
    }
    // Each process has a data folder of its own, as on two machines: what they share is the
    // database and the bucket the uploads are kept in.
    bucket = await startS3Server();
    otherData = await createServerData("sqlite");
    const shared = {
      ...data.env,
      ...bucket.env,
      ...OWNER,
      // The same in every process, or a session signed by one is refused by the other.
      SESSION_SECRET: randomBytes(32).toString("hex"),
    };
    // At once, as a deploy starts its replicas: both migrate, both sweep the due posts.
    [a, b] = await Promise.all([
      startServerProcess(shared),
      startServerProcess({ ...shared, DATA_DIR: otherData.dataDir }),
    ]);
    cookie = await signIn(a, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await killServerProcesses();
    await Promise.all([data?.destroy(), otherData?.destroy(), bucket?.close()]);
  });

  const send = (server: ServerProcess, path: string, init: RequestInit = {}, session = cookie) =>
    fetch(server.url + path, {
      ...init,
      headers: { origin: server.url, cookie: session, ...init.headers },
    });
  const createPostOn = (server: ServerProcess, fields: Record<string, unknown>, session = cookie) =>
    send(
      server,
      "/api/posts",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          excerpt: null,
          category: "news",
          tags: [],
          scheduledAt: null,
          content: "<p>Made on one process.</p>",
          ...fields,
        }),
      },
      session,
    );
  const uniqueTitle = (what: string) => `${what} ${randomBytes(4).toString("hex")}`;
  const slugOf = (title: string) => title.toLowerCase().replace(/\s+/g, "-");

  it("publishes each due scheduled post once, at its scheduled time, however many processes sweep", async () => {
    const { db } = openServerDatabase(data);
    const rows = await db
      .selectFrom("posts")
      .select(["id", "status", "publishedAt", "scheduledAt"])
      .where("id", "in", dueIds)
      .execute();
    expect(rows).toHaveLength(DUE_POSTS);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "published", publishedAt: row.scheduledAt });
    }
    // Each flip is logged by the process that made it: twelve in all, not twelve each.
    const flipped = [a, b].flatMap((server) =>
      [...server.stdout().matchAll(PUBLISHED_LINE)].map((m) => Number(m[1])),
    );
    expect(flipped.reduce((sum, n) => sum + n, 0)).toBe(DUE_POSTS);
  });

  it("accepts a session made on one process on the other, and ends it on both at sign-out", async () => {
    const title = uniqueTitle("Session draft");
    const made = await createPostOn(b, { title, slug: slugOf(title), status: "draft" });
    expect(made.status, await made.clone().text()).toBe(201);

    const other = await signIn(b, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    expect((await send(a, "/api/dashboard/stats", {}, other)).status).toBe(200);
    const out = await send(
      b,
      "/api/auth/sign-out",
      { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
      other,
    );
    expect(out.status).toBeLessThan(300);
    expect((await send(a, "/api/dashboard/stats", {}, other)).status).toBe(401);
  });

  it("shows a post published through one process on the other's cached pages within the cache's lifetime", async () => {
    const title = uniqueTitle("Cross process");
    type Seen = { path: string; startedAt: number; shown: boolean; status: number };
    const seen: Seen[] = [];
    const ask = async (path: string): Promise<Seen> => {
      const startedAt = Date.now();
      const response = await fetch(b.url + path);
      const answer = { path, startedAt, shown: (await response.text()).includes(title) };
      const result = { ...answer, status: response.status };
      seen.push(result);
      return result;
    };
    // B's news page is asked for all along under ever new addresses: each a miss of B's
    // response cache whose loader takes the list from B's content memo, so the memo's answer
    // is of any age up to its lifetime when the post is published through A.
    let writtenAt = Number.POSITIVE_INFINITY;
    const until = () => Date.now() > writtenAt + RESPONSE_CACHE_TTL_MS + 300;
    const warming = (async () => {
      for (let n = 0; !until(); n++) await ask(`/news?warm=${n}`);
    })();
    await sleep(500);

    const made = await createPostOn(a, { title, slug: slugOf(title), status: "published" });
    expect(made.status, await made.clone().text()).toBe(201);
    writtenAt = Date.now();
    // Pages B keeps just after the write, some made from the memo's answer read before it.
    const asking: Promise<Seen>[] = [];
    while (Date.now() < writtenAt + 300) {
      asking.push(ask(`/news?kept=${asking.length}`));
      await sleep(25);
    }
    const keptAfterWrite = await Promise.all(asking);
    // Asked again, all at once, as soon as the cache's lifetime has passed since the write:
    // made again from data read after it (a page kept from an older read would still be kept).
    await sleep(writtenAt + RESPONSE_CACHE_TTL_MS + 5 - Date.now());
    await Promise.all(keptAfterWrite.map((kept) => ask(kept.path)));
    await warming;

    expect(seen.filter((s) => s.status !== 200)).toEqual([]);
    // Whatever was asked for once the cache's lifetime had passed since the write shows it.
    const late = seen.filter((s) => s.startedAt >= writtenAt + RESPONSE_CACHE_TTL_MS);
    expect(late.length).toBeGreaterThan(keptAfterWrite.length);
    expect(late.filter((s) => !s.shown)).toEqual([]);
    // And the post's own page and the API, asked for afterwards.
    expect((await fetch(`${b.url}/blog/${slugOf(title)}`)).status).toBe(200);
    const latest = await (await fetch(`${b.url}/api/posts/published?limit=3`)).text();
    expect(latest).toContain(title);
  });

  it("serves an image uploaded through one process from the other", async () => {
    const form = new FormData();
    const png = await solidImage("png", 64, 48);
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "two.png");
    const uploaded = await send(a, "/api/upload/image", { method: "POST", body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    // Kept in the bucket, not in either process's data folder.
    const name = url.slice("/uploads/".length);
    const stored = await bucket.client.send(
      new HeadObjectCommand({ Bucket: bucket.bucket, Key: name }),
    );
    expect(stored.ContentLength).toBeGreaterThan(0);
    for (const folder of [data.dataDir, otherData.dataDir]) {
      expect(existsSync(path.join(folder, "uploads", name))).toBe(false);
    }

    const fromA = await fetch(a.url + url);
    const fromB = await fetch(b.url + url);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe(fromA.headers.get("content-type"));
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
  });

  it("counts a client's newsletter requests across both processes", async () => {
    const address = nextClientAddress();
    const subscribeOn = (server: ServerProcess, n: number) =>
      fetch(`${server.url}/api/newsletter/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({ email: `limit-${n}-${address}@example.com` }),
      });
    const statuses: number[] = [];
    for (let n = 0; n < NEWSLETTER_RATE_LIMIT.limit; n++) {
      statuses.push((await subscribeOn(n % 2 === 0 ? a : b, n)).status);
    }
    expect(statuses).toEqual(Array(NEWSLETTER_RATE_LIMIT.limit).fill(200));
    // Half were sent to each: either process alone would still let the client in.
    expect((await subscribeOn(a, 100)).status).toBe(429);
    expect((await subscribeOn(b, 101)).status).toBe(429);
  });

  it("keeps answering through one process when the other is killed under load", async () => {
    const paths = ["/api/posts/published?limit=3", "/news", "/", "/healthz"];
    const outcomes: { server: "a" | "b"; ok: boolean; afterKill: boolean }[] = [];
    let killed = false;
    let stop = false;
    const client = async (index: number) => {
      for (let n = 0; !stop; n++) {
        const server = (index + n) % 2 === 0 ? a : b;
        const afterKill = killed;
        let ok = false;
        try {
          const response = await fetch(server.url + paths[(index + n) % paths.length]);
          await response.arrayBuffer();
          ok = response.status === 200;
        } catch {
          ok = false;
        }
        outcomes.push({ server: server === a ? "a" : "b", ok, afterKill });
      }
    };
    const clients = Array.from({ length: 8 }, (_, i) => client(i));
    await sleep(500);
    a.signal("SIGKILL");
    killed = true;
    expect(await a.exited).toEqual({ code: null, signal: "SIGKILL" });
    await sleep(1000);
    stop = true;
    await Promise.all(clients);

    const toB = outcomes.filter((o) => o.server === "b");
    expect(toB.filter((o) => o.afterKill).length).toBeGreaterThan(0);
    expect(toB.filter((o) => !o.ok)).toEqual([]);
    // B still writes, with the session made on A.
    const title = uniqueTitle("After the kill");
    const made = await createPostOn(b, { title, slug: slugOf(title), status: "published" });
    expect(made.status, await made.clone().text()).toBe(201);
  });
});
