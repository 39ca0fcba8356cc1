import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import { CONTENT_MEMO_LIFETIME_MS } from "#server/services/content-memo.server.ts";
import { createApp } from "#tests/factories/app.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import {
  createServerData,
  killServerProcesses,
  openServerDatabase,
  type ServerData,
  type ServerProcess,
  startServerProcess,
} from "#tests/helpers/server-process.ts";
import { signIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";

// The public pages remember what they show everyone for a moment (content-memo.server.ts), in
// the production build with the response cache off, so each request reaches the pages. Posts
// are added straight to the database, as another process would; removals go through the API.

const OWNER = { ADMIN_EMAIL: "owner@memo.test", ADMIN_PASSWORD: "owner-memo-password" };
/** How long before a post's time a request may still be sent expecting the post not shown. */
const REQUEST_MARGIN_MS = 100;

describeEachDatabase("what the public pages remember", (kind) => {
  let data: ServerData;
  let server: ServerProcess;
  let db: Db;
  let closeDb: () => Promise<void> = async () => undefined;
  let staffCookie = "";
  beforeAll(async () => {
    data = await createServerData(kind);
    server = await startServerProcess({ ...data.env, ...OWNER, RESPONSE_CACHE_TTL_MS: "0" });
    ({ db, close: closeDb } = openServerDatabase(data));
    staffCookie = await signIn(server, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await killServerProcesses();
    await closeDb();
    await data?.destroy();
  });

  const page = async (path: string) => (await fetch(server.url + path)).text();
  const remove = (path: string) =>
    fetch(server.url + path, {
      method: "DELETE",
      headers: { cookie: staffCookie, origin: server.url },
    });
  /** Longer than anything is remembered. */
  const beyondMemo = () => sleep(CONTENT_MEMO_LIFETIME_MS + 100);

  it("shows a post removed through the site gone at once, on the list, the studio and the home page", async () => {
    const news = await createPost(db, { title: `Memo news ${Date.now()}` });
    const pack = await createPost(db, {
      title: `Memo pack ${Date.now()}`,
      category: "marketplace-content",
      packType: "world",
    });
    await beyondMemo();
    // Asked twice, so the second answer comes from what the pages remember.
    for (let i = 0; i < 2; i++) {
      expect(await page("/news")).toContain(news.title);
      expect(await page("/studio")).toContain(pack.title);
      expect(await page("/")).toContain(news.title);
    }

    expect((await remove(`/api/posts/${news.id}`)).status).toBeLessThan(300);
    expect(await page("/news")).not.toContain(news.title);
    expect(await page("/")).not.toContain(news.title);
    expect((await remove(`/api/posts/${pack.id}`)).status).toBeLessThan(300);
    expect(await page("/studio")).not.toContain(pack.title);
  });

  it("shows an app removed through the site gone from every page's navigation at once", async () => {
    const app = await createApp(db, { name: `Memo app ${Date.now()}` });
    await beyondMemo();
    expect(await page("/news")).toContain(app.name);
    expect(await page("/apps")).toContain(app.name);

    expect((await remove(`/api/apps/${app.id}`)).status).toBeLessThan(300);
    expect(await page("/news")).not.toContain(app.name);
    expect(await page("/apps")).not.toContain(app.name);
  });

  it("shows a scheduled post once its time has come, without any write", async () => {
    const scheduledAt = fromNow(1500);
    const post = await createPost(db, {
      title: `Memo scheduled ${Date.now()}`,
      status: "scheduled",
      scheduledAt,
    });
    // The post's own time, not the time the insert returned (on PostgreSQL that is tens of
    // milliseconds later); a request asked in the last moment before it may be read after it.
    const dueAt = Date.parse(scheduledAt) - REQUEST_MARGIN_MS;
    // Asked all along, so the pages never go a lifetime without being asked.
    while (Date.now() < dueAt) {
      expect(await page("/news")).not.toContain(post.title);
      await sleep(50);
    }
    await sleep(CONTENT_MEMO_LIFETIME_MS + 100);
    expect(await page("/news")).toContain(post.title);
    expect(await page("/")).toContain(post.title);
  });

  it("shows staff a post added straight to the database at once", async () => {
    await page("/news");
    const post = await createPost(db, { title: `Memo staff ${Date.now()}` });
    const signedIn = await fetch(`${server.url}/news`, { headers: { cookie: staffCookie } });
    expect(await signedIn.text()).toContain(post.title);
  });
});
