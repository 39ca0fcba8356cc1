import type { KyselyPlugin } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { loader as rootLoader } from "#app/root.tsx";
import { loader as postLoader } from "#app/routes/site/post/post.tsx";
import { serverContext } from "#server/context.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { OWNER_ENV, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// Who is looking, on a public page: the root loader (signed in or not, for the navigation) and
// a page's loader (staff see drafts) ask together. Without a session cookie neither asks
// better-auth nor the database; with one, the session is read once per request.

describeEachDatabase("the viewer of a public page", (kind) => {
  let server: TestServer;
  let slug: string;
  beforeAll(async () => {
    server = await startTestServer(kind, OWNER_ENV);
    slug = (await createPost(server.db.handle.db)).slug;
  });
  afterAll(() => server?.close());

  /** A post page request as React Router runs it: the root loader and the post's loader. */
  async function viewPost(cookie: string) {
    const getSession = vi.spyOn(server.auth.api, "getSession");
    const queries: string[] = [];
    const db = server.db.handle.db;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries.push(db.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const context = new RouterContextProvider();
    context.set(serverContext, { ...server.context, db: db.withPlugin(counter) });
    const request = new Request(`${server.config.siteUrl}/blog/${slug}`, {
      headers: cookie ? { cookie } : {},
    });
    try {
      const [root, post] = await Promise.all([
        rootLoader({ request, context, params: {} } as never),
        postLoader({ request, context, params: { slug } } as never),
      ]);
      return { root, post, sessionLookups: getSession.mock.calls.length, queries };
    } finally {
      getSession.mockRestore();
    }
  }

  it("without a session cookie: no better-auth call and no query but the post's", async () => {
    for (const cookie of ["", "theme=dark; consent=yes"]) {
      const view = await viewPost(cookie);
      expect(view.root.isSignedIn, cookie).toBe(false);
      expect(view.post.data.post.slug).toBe(slug);
      expect(view.sessionLookups, cookie).toBe(0);
      expect(view.queries.length, view.queries.join("\n")).toBeGreaterThan(0);
      for (const query of view.queries) {
        expect(query).not.toMatch(/"(sessions|users|employees|accounts)"/);
      }
    }
  });

  it("signed in: shown as signed in, with the session read once for both loaders", async () => {
    for (const viewer of ["owner", "employee", "no-access"] as const) {
      const { cookie } = await signInAs(server, viewer);
      const view = await viewPost(cookie);
      expect(view.root.isSignedIn, viewer).toBe(true);
      expect(view.sessionLookups, viewer).toBe(1);
    }
  });

  it("with a session cookie that is no longer valid: asks, and is signed out", async () => {
    const view = await viewPost("studio.session_token=expired.signature");
    expect(view.root.isSignedIn).toBe(false);
    expect(view.sessionLookups).toBe(1);
  });
});
