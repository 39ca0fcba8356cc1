import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "#common/types/post.ts";
import { openDatabase } from "#server/db/db.server.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { eventually } from "#tests/helpers/http.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from "#tests/helpers/server-process.ts";
import { signIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";

// The post and studio pages of the production build as staff and visitors get them: old slugs
// redirect permanently, drafts show to staff only, and the server publishes due posts itself.

const OWNER = { ADMIN_EMAIL: "owner@posts.test", ADMIN_PASSWORD: "owner-posts-password" };

describeEachDatabase("post pages", (kind) => {
  let data: ServerData;
  let server: ServerProcess;
  let owner: string;
  beforeAll(async () => {
    data = await createServerData(kind);
    server = await startServerProcess({ ...data.env, ...OWNER });
    owner = await signIn(server, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await killServerProcesses();
    await data?.destroy();
  });

  function get(path: string, cookie = "") {
    return fetch(server.url + path, { redirect: "manual", headers: cookie ? { cookie } : {} });
  }

  async function save(method: "POST" | "PUT", path: string, body: unknown): Promise<Post> {
    const response = await fetch(server.url + path, {
      method,
      headers: { "content-type": "application/json", origin: server.url, cookie: owner },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(method === "POST" ? 201 : 200);
    return (await response.json()) as Post;
  }

  it("answers an old slug of a published post with a 301 to the new address, on /blog and /post", async () => {
    const post = await save("POST", "/api/posts", {
      title: "Lantern Festival",
      slug: `lantern-festival-${kind}`,
      content: "<p>Lights everywhere.</p>",
      status: "published",
    });
    const middle = await save("PUT", `/api/posts/${post.id}`, {
      ...post,
      slug: `${post.slug}-2026`,
    });
    const renamed = await save("PUT", `/api/posts/${post.id}`, {
      ...middle,
      slug: `${post.slug}-2027`,
    });

    for (const old of [post.slug, middle.slug]) {
      for (const section of ["blog", "post"]) {
        const response = await get(`/${section}/${old}`);
        expect(response.status, `/${section}/${old}`).toBe(301);
        expect(response.headers.get("location")).toBe(`/${section}/${renamed.slug}`);
      }
    }
    const page = await get(`/blog/${renamed.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Lantern Festival");
  });

  it("shows a draft to staff with a notice and noindex, and 'Post Not Found' to everyone else", async () => {
    const draft = await save("POST", "/api/posts", {
      title: "Secret Sky Base",
      slug: `secret-sky-base-${kind}`,
      content: "<p>Not yet.</p>",
      status: "draft",
    });
    const visitor = await get(`/blog/${draft.slug}`);
    expect(visitor.status).toBe(404);
    const notFound = await visitor.text();
    expect(notFound).toContain("Post Not Found");
    expect(notFound).not.toContain("Secret Sky Base");

    const staff = await get(`/blog/${draft.slug}`, owner);
    expect(staff.status).toBe(200);
    expect(staff.headers.get("cache-control")).toBe("private, no-store");
    const html = await staff.text();
    expect(html).toContain("Secret Sky Base");
    expect(html).toContain("Draft, not public.");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);

    const published = await save("PUT", `/api/posts/${draft.id}`, {
      ...draft,
      status: "published",
    });
    const live = await get(`/blog/${published.slug}`);
    expect(live.status).toBe(200);
    const liveHtml = await live.text();
    expect(liveHtml).not.toContain("Draft, not public.");
    expect(liveHtml).not.toMatch(/<meta name="robots" content="noindex"/);
  });

  it("tells staff when a scheduled post goes live, in its own time zone", async () => {
    const post = await save("POST", "/api/posts", {
      title: "Midnight Launch",
      slug: `midnight-launch-${kind}`,
      content: "<p>Soon.</p>",
      status: "scheduled",
      scheduledAt: "2099-03-14T09:00",
      timezone: "Asia/Tokyo",
    });
    expect((await get(`/post/${post.slug}`)).status).toBe(404);
    const html = await (await get(`/post/${post.slug}`, owner)).text();
    expect(html).toContain("Scheduled, not public yet.");
    expect(html).toContain("March 14, 2099 at 09:00 (Asia/Tokyo)");
  });

  it("lists draft marketplace content on /studio for staff only", async () => {
    await save("POST", "/api/posts", {
      title: "Unreleased Castle Pack",
      slug: `unreleased-castle-${kind}`,
      content: "<p>Walls.</p>",
      category: "marketplace-content",
      packType: "world",
      status: "draft",
    });
    expect(await (await get("/studio")).text()).not.toContain("Unreleased Castle Pack");
    expect(await (await get("/studio", owner)).text()).toContain("Unreleased Castle Pack");
  });

  describe("scheduled publishing", () => {
    it("publishes posts that came due while the server was down as soon as it starts", async () => {
      const handle = openDatabase({
        databaseUrl: data.postgres ? data.env.DATABASE_URL : undefined,
        dataDir: data.dataDir,
      });
      try {
        const due = await createPost(handle.db, {
          status: "scheduled",
          scheduledAt: fromNow(-60_000),
        });
        expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
        server = await startServerProcess({ ...data.env, ...OWNER });
        await eventually(async () => {
          const row = await handle.db
            .selectFrom("posts")
            .select(["status", "publishedAt"])
            .where("id", "=", due.id)
            .executeTakeFirstOrThrow();
          expect(row).toEqual({ status: "published", publishedAt: due.scheduledAt });
        });
        expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
        expect(server.stderr()).toBe("");
      } finally {
        await handle.close();
      }
    });
  });
});
