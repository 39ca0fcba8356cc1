import { expect } from "vitest";
import type { PostFormValues } from "#common/schemas/post.ts";
import type { Post } from "#common/types/post.ts";
import type { DbKind } from "#server/db/dialect.server.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// What the posts API tests (posts.router*.test.ts) share.

export const HOUR = 3_600_000;

/** Every field of the Post type (common/types/post.ts), camelCase. */
export const POST_FIELDS = [
  "id",
  "title",
  "slug",
  "excerpt",
  "content",
  "status",
  "category",
  "packType",
  "marketplaceUrl",
  "youtubeUrl",
  "featuredImage",
  "featuredImageAlt",
  "scheduledAt",
  "timezone",
  "releaseDate",
  "publishedAt",
  "createdAt",
  "updatedAt",
  "tags",
  "version",
  "metaTitle",
  "metaDescription",
  "socialImage",
  "socialTitle",
  "socialDescription",
  "canonicalUrl",
  "noIndex",
].sort();

/** What a staff call answers of one post (GET, POST and PUT /api/posts/:id): also its plan. */
export const STAFF_POST_FIELDS = [...POST_FIELDS, "newsletterOnPublish"].sort();

let counter = 0;
/** A valid editor payload with a unique title and slug. */
export function payload(
  overrides: Record<string, unknown> = {},
): PostFormValues & Record<string, unknown> {
  counter += 1;
  const id = `${Date.now().toString(36)}-${counter}`;
  return {
    title: `Post ${id}`,
    slug: `post-${id}`,
    content: `<p>Content of post ${id}.</p>`,
    excerpt: null,
    status: "draft",
    category: "news",
    tags: [],
    scheduledAt: null,
    ...overrides,
  };
}

/** A timestamp within the last minute, as the server's clock sees it. */
export function expectRecent(iso: string | null) {
  expect(iso).not.toBeNull();
  const age = Date.now() - Date.parse(iso ?? "");
  expect(age).toBeGreaterThanOrEqual(-1000);
  expect(age).toBeLessThan(60_000);
}

/** A fresh server with an employee signed in, and the id of the employee's login. */
export async function startWithEmployee(kind: DbKind) {
  const server = await startTestServer(kind);
  const employee = await signInAs(server, "employee");
  const me = await requestAs(server, employee, "/api/auth/user");
  const employeeUserId = ((await me.json()) as { id: string }).id;
  return { server, employee, employeeUserId };
}

/**
 * The calls the tests make as the employee; `current` gives the server and employee of the
 * running test file (set in its beforeAll).
 */
export function staffPostCalls(current: () => { server: TestServer; employee: SignedIn }) {
  const db = () => current().server.db.handle.db;

  const send = (method: string, path: string, body?: unknown) =>
    requestAs(current().server, current().employee, path, { method, body });

  async function create(overrides: Parameters<typeof payload>[0] = {}): Promise<Post> {
    const response = await send("POST", "/api/posts", payload(overrides));
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Post;
  }

  async function update(id: string, body: unknown): Promise<Post> {
    const response = await send("PUT", `/api/posts/${id}`, body);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Post;
  }

  /** The post as PUT takes it back: what GET /api/posts/:id answered, edited. */
  async function edit(post: Post, changes: Record<string, unknown>): Promise<Post> {
    return update(post.id, { ...post, ...changes });
  }

  async function storedRow(id: string) {
    return db().selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }

  return { db, send, create, edit, storedRow };
}
