import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createPreviewLink } from "#server/services/preview-links.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { FAKE_VIDEOS } from "#tests/fakes/youtube-server.ts";
import { solidImage } from "#tests/helpers/images.ts";
import type { ViewerKind } from "#tests/helpers/staff.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";

// The staff access matrix (access-matrix.test.ts): what each kind of caller gets, and the rows of
// content management (posts, uploads, tags, YouTube look-ups).

export type Call = { method: string; path: string; body?: unknown; form?: FormData };
export type Row = {
  name: string;
  /** Builds the call; may create what it acts on (a fresh target per cell). */
  call: (server: TestServer) => Promise<Call>;
  expected: Record<ViewerKind, number>;
};

export const ANY_SIGNED_IN = {
  anonymous: 401,
  "no-access": 200,
  inactive: 200,
  employee: 200,
  admin: 200,
  owner: 200,
};
export const ADMINS_ONLY = (status: number) => ({
  anonymous: 401,
  "no-access": 403,
  inactive: 403,
  employee: 403,
  admin: status,
  owner: status,
});

/**
 * Staff calls: every active employee, admin and the owner (docs/product/access.md#who-may-do-what).
 */
export const STAFF_ONLY = (status: number) => ({
  anonymous: 401,
  "no-access": 403,
  inactive: 403,
  employee: status,
  admin: status,
  owner: status,
});

/** A valid post form for POST and PUT /api/posts, with a slug no other cell uses. */
function postForm(overrides: Record<string, unknown> = {}) {
  const slug = `matrix-${randomBytes(6).toString("hex")}`;
  return { title: "Matrix post", slug, content: "<p>Matrix.</p>", ...overrides };
}

/**
 * Content management: every active employee, admin and the owner
 * (docs/product/access.md#who-may-do-what).
 */
export const CONTENT_ROWS: Row[] = [
  {
    name: "GET /api/posts",
    call: async () => ({ method: "GET", path: "/api/posts" }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "GET /api/posts?page=",
    call: async () => ({ method: "GET", path: "/api/posts?page=1&sort=title" }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "GET /api/posts/authors",
    call: async () => ({ method: "GET", path: "/api/posts/authors" }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "POST /api/posts/bulk",
    call: async (server) => {
      const post = await createPost(server.db.handle.db, { status: "draft" });
      return {
        method: "POST",
        path: "/api/posts/bulk",
        body: { action: "publish", ids: [post.id] },
      };
    },
    expected: STAFF_ONLY(200),
  },
  {
    name: "GET /api/tags",
    call: async () => ({ method: "GET", path: "/api/tags?q=a" }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "PUT /api/tags/:tag",
    call: async (server) => {
      const tag = `matrix-${randomBytes(6).toString("hex")}`;
      await createPost(server.db.handle.db, { tags: [tag] });
      return { method: "PUT", path: `/api/tags/${tag}`, body: { name: `${tag}-renamed` } };
    },
    expected: STAFF_ONLY(200),
  },
  {
    name: "POST /api/tags/merge",
    call: async (server) => {
      const tag = `matrix-${randomBytes(6).toString("hex")}`;
      await createPost(server.db.handle.db, { tags: [tag] });
      return { method: "POST", path: "/api/tags/merge", body: { from: [tag], into: "merged" } };
    },
    expected: STAFF_ONLY(200),
  },
  {
    name: "DELETE /api/tags/:tag",
    call: async (server) => {
      const tag = `matrix-${randomBytes(6).toString("hex")}`;
      await createPost(server.db.handle.db, { tags: [tag] });
      return { method: "DELETE", path: `/api/tags/${tag}` };
    },
    expected: STAFF_ONLY(204),
  },
  {
    name: "GET /api/posts/:id",
    call: async (server) => {
      const post = await createPost(server.db.handle.db, { status: "draft" });
      return { method: "GET", path: `/api/posts/${post.id}` };
    },
    expected: STAFF_ONLY(200),
  },
  {
    name: "POST /api/posts",
    call: async () => ({ method: "POST", path: "/api/posts", body: postForm() }),
    expected: STAFF_ONLY(201),
  },
  {
    name: "PUT /api/posts/:id",
    call: async (server) => {
      const post = await createPost(server.db.handle.db);
      return { method: "PUT", path: `/api/posts/${post.id}`, body: postForm({ slug: post.slug }) };
    },
    expected: STAFF_ONLY(200),
  },
  {
    name: "DELETE /api/posts/:id",
    call: async (server) => {
      const post = await createPost(server.db.handle.db);
      return { method: "DELETE", path: `/api/posts/${post.id}` };
    },
    expected: STAFF_ONLY(204),
  },
  {
    name: "POST /api/posts/:id/preview-links",
    call: async (server) => {
      const post = await createPost(server.db.handle.db, { status: "draft" });
      return { method: "POST", path: `/api/posts/${post.id}/preview-links`, body: {} };
    },
    expected: STAFF_ONLY(201),
  },
  {
    name: "GET /api/posts/:id/preview-links",
    call: async (server) => {
      const post = await createPost(server.db.handle.db, { status: "draft" });
      return { method: "GET", path: `/api/posts/${post.id}/preview-links` };
    },
    expected: STAFF_ONLY(200),
  },
  {
    name: "DELETE /api/posts/:id/preview-links/:linkId",
    call: async (server) => {
      const db = server.db.handle.db;
      const post = await createPost(db, { status: "draft" });
      const link = await createPreviewLink(db, { postId: post.id, userId: "matrix", days: 7 });
      return { method: "DELETE", path: `/api/posts/${post.id}/preview-links/${link.link.id}` };
    },
    expected: STAFF_ONLY(204),
  },
  {
    name: "POST /api/posts/:id/newsletter/test",
    call: async (server) => {
      const post = await createPost(server.db.handle.db);
      return { method: "POST", path: `/api/posts/${post.id}/newsletter/test` };
    },
    expected: STAFF_ONLY(200),
  },
  {
    name: "GET /api/portfolio?page=",
    call: async () => ({
      method: "GET",
      path: "/api/portfolio?page=1&status=draft&sort=-launchDate",
    }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "GET /api/portfolio/:id",
    call: async (server) => {
      const item = await createPost(server.db.handle.db, { category: "marketplace-content" });
      return { method: "GET", path: `/api/portfolio/${item.id}` };
    },
    expected: STAFF_ONLY(200),
  },
  {
    name: "DELETE /api/portfolio/:id",
    call: async (server) => {
      const item = await createPost(server.db.handle.db, { category: "marketplace-content" });
      return { method: "DELETE", path: `/api/portfolio/${item.id}` };
    },
    expected: STAFF_ONLY(204),
  },
  {
    name: "POST /api/upload/image",
    call: async () => {
      const form = new FormData();
      const png = await solidImage("png", 8, 8);
      form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
      return { method: "POST", path: "/api/upload/image", form };
    },
    expected: STAFF_ONLY(201),
  },
  {
    name: "POST /api/youtube/info",
    call: async () => ({
      method: "POST",
      path: "/api/youtube/info",
      body: { url: `https://youtu.be/${Object.keys(FAKE_VIDEOS)[0]}` },
    }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "POST /api/posts/:id/newsletter",
    call: async (server) => {
      const post = await createPost(server.db.handle.db);
      return { method: "POST", path: `/api/posts/${post.id}/newsletter`, body: {} };
    },
    expected: STAFF_ONLY(202),
  },
  {
    name: "GET /api/posts/:id/newsletter/preview",
    call: async (server) => {
      const post = await createPost(server.db.handle.db);
      return { method: "GET", path: `/api/posts/${post.id}/newsletter/preview` };
    },
    expected: STAFF_ONLY(200),
  },
  {
    name: "GET /api/newsletter-sendings",
    call: async () => ({ method: "GET", path: "/api/newsletter-sendings" }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "GET /api/newsletter-sendings/:id",
    call: async (server) => ({
      method: "GET",
      path: `/api/newsletter-sendings/${await matrixSending(server)}`,
    }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "POST /api/newsletter-sendings/:id/retry-failed",
    call: async (server) => ({
      method: "POST",
      path: `/api/newsletter-sendings/${await matrixSending(server)}/retry-failed`,
    }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "POST /api/newsletter-sendings/:id/remove-failed",
    call: async (server) => ({
      method: "POST",
      path: `/api/newsletter-sendings/${await matrixSending(server)}/remove-failed`,
    }),
    expected: STAFF_ONLY(200),
  },
];

/** A finished sending of nobody, for the sendings' rows. */
async function matrixSending(server: TestServer): Promise<string> {
  const id = randomUUID();
  await server.db.handle.db
    .insertInto("newsletter_sendings")
    .values({
      id,
      postId: null,
      postTitle: "Matrix post",
      subject: "Matrix post",
      html: "<p>Matrix.</p>",
      text: "Matrix.",
      total: 0,
      createdBy: null,
      createdAt: new Date().toISOString(),
      finishedAt: null,
    })
    .execute();
  return id;
}

/** The outbox (no SMTP_URL on the matrix's server): admins and the owner only. */
export const OUTBOX_ROWS: Row[] = [
  {
    name: "GET /api/outbox",
    call: async () => ({ method: "GET", path: "/api/outbox?page=1&limit=10" }),
    expected: ADMINS_ONLY(200),
  },
  {
    name: "GET /api/outbox/:file",
    call: async (server) => {
      const { file } = await server.context.mailer.send({
        to: "someone@example.com",
        subject: "Access matrix",
        html: "<p>Hello</p>",
        text: "Hello",
      });
      return { method: "GET", path: `/api/outbox/${path.basename(file ?? "")}` };
    },
    expected: ADMINS_ONLY(200),
  },
];
