import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs, type ViewerKind } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The editor's save calls (docs/decisions/008-editor-saves.md) are staff calls, like every
// call that reads drafts: signed out 401, signed in without staff access 403. The general
// matrix is access-matrix.test.ts; these rows live here to keep each file a readable size.

type Call = { method: string; path: string; body?: unknown };

/** A post with one revision, made straight in the database (a fresh one per cell). */
async function postWithRevision(db: Db, status = "published") {
  const post = await createPost(db, { status });
  const revisionId = crypto.randomUUID();
  await db
    .insertInto("post_revisions")
    .values({
      id: revisionId,
      postId: post.id,
      kind: "create",
      status,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      content: post.content,
      featuredImage: null,
      featuredImageAlt: null,
      tags: "[]",
      authorId: null,
      savedBy: null,
      createdAt: post.createdAt,
    })
    .execute();
  return { post, revisionId };
}

const form = () => {
  const slug = `editor-access-${randomBytes(6).toString("hex")}`;
  return { title: "Editor access", slug, content: "<p>Access.</p>" };
};

const ROWS: { name: string; success: number; call: (db: Db) => Promise<Call> }[] = [
  {
    name: "POST /api/posts/autosave",
    success: 201,
    call: async () => ({ method: "POST", path: "/api/posts/autosave", body: form() }),
  },
  {
    name: "PUT /api/posts/:id/autosave",
    success: 200,
    call: async (db) => {
      const { post } = await postWithRevision(db);
      const body = { ...form(), slug: post.slug, version: 1 };
      return { method: "PUT", path: `/api/posts/${post.id}/autosave`, body };
    },
  },
  {
    name: "GET /api/posts/:id/working-copy",
    success: 200,
    call: async (db) => {
      const { post } = await postWithRevision(db);
      return { method: "GET", path: `/api/posts/${post.id}/working-copy` };
    },
  },
  {
    name: "DELETE /api/posts/:id/working-copy",
    success: 204,
    call: async (db) => {
      const { post } = await postWithRevision(db);
      return { method: "DELETE", path: `/api/posts/${post.id}/working-copy` };
    },
  },
  {
    name: "GET /api/posts/:id/revisions",
    success: 200,
    call: async (db) => {
      const { post } = await postWithRevision(db);
      return { method: "GET", path: `/api/posts/${post.id}/revisions` };
    },
  },
  {
    name: "GET /api/posts/:id/revisions/:rev",
    success: 200,
    call: async (db) => {
      const { post, revisionId } = await postWithRevision(db);
      return { method: "GET", path: `/api/posts/${post.id}/revisions/${revisionId}` };
    },
  },
  {
    name: "POST /api/posts/:id/revisions/:rev/restore",
    success: 200,
    call: async (db) => {
      const { post, revisionId } = await postWithRevision(db, "draft");
      const path = `/api/posts/${post.id}/revisions/${revisionId}/restore`;
      return { method: "POST", path, body: { version: 1 } };
    },
  },
];

const CALLERS: ViewerKind[] = ["anonymous", "no-access", "inactive", "employee"];
const REFUSED: Partial<Record<ViewerKind, number>> = {
  anonymous: 401,
  "no-access": 403,
  inactive: 403,
};

describeEachDatabase("editor save calls: access", (kind) => {
  let server: TestServer;
  const callers = {} as Record<ViewerKind, SignedIn>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const viewer of CALLERS) callers[viewer] = await signInAs(server, viewer);
  });
  afterAll(() => server?.close());

  for (const row of ROWS) {
    describe(row.name, () => {
      it.each(CALLERS)("%s", async (viewer) => {
        const db = server.db.handle.db;
        const call = await row.call(db);
        const before = await db.selectFrom("post_revisions").select("id").orderBy("id").execute();
        const response = await requestAs(server, callers[viewer], call.path, call);
        const refused = REFUSED[viewer];
        if (refused === undefined) {
          expect(response.status, await response.clone().text()).toBe(row.success);
          return;
        }
        const body = await readError(response, refused);
        expect(body.message).toBe(
          refused === 401 ? "You need to sign in to do that." : "You do not have access to this.",
        );
        // A refused call changes nothing.
        expect(await db.selectFrom("post_revisions").select("id").orderBy("id").execute()).toEqual(
          before,
        );
      });
    });
  }
});
