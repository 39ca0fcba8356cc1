import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createPost } from "#tests/factories/post.ts";
import { OWNER_ENV, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The public API calls that show staff more (a draft by its slug) ask who is signed in only
// when the request carries a session cookie.

describeEachDatabase("the viewer of a public API call", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, OWNER_ENV);
  });
  afterAll(() => server?.close());

  async function lookups(path: string, cookie: string) {
    const getSession = vi.spyOn(server.auth.api, "getSession");
    try {
      const response = await server.request(path, { headers: cookie ? { cookie } : {} });
      return { status: response.status, lookups: getSession.mock.calls.length };
    } finally {
      getSession.mockRestore();
    }
  }

  it("without a session cookie: no session lookup, and drafts stay hidden", async () => {
    const published = await createPost(server.db.handle.db);
    const draft = await createPost(server.db.handle.db, { status: "draft" });
    for (const cookie of ["", "theme=dark; consent=yes"]) {
      expect(await lookups(`/api/posts/slug/${published.slug}`, cookie)).toEqual({
        status: 200,
        lookups: 0,
      });
      expect(await lookups(`/api/posts/slug/${draft.slug}`, cookie)).toEqual({
        status: 404,
        lookups: 0,
      });
    }
    const { cookie } = await signInAs(server, "owner");
    expect(await lookups(`/api/posts/slug/${draft.slug}`, `theme=dark; ${cookie}`)).toEqual({
      status: 200,
      lookups: 1,
    });
  });
});
