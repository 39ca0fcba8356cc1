import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LIST_LIMIT } from "#common/constants.ts";
import type { Post } from "#common/types/post.ts";
import { createManyPosts } from "#tests/factories/post.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

describeEachDatabase("public posts API", (kind) => {
  describe("list limit cap", () => {
    let many: TestServer;
    let oldest: string;
    beforeAll(async () => {
      many = await startTestServer(kind);
      const base = Date.parse("2024-01-01T00:00:00.000Z");
      const rows = await createManyPosts(many.db.handle.db, MAX_LIST_LIMIT + 1, (i) => ({
        createdAt: new Date(base + i * 1000).toISOString(),
      }));
      oldest = rows[0]?.id ?? "";
    });
    afterAll(() => many.close());

    it("answers at most 1000 posts, whatever limit asks for", async () => {
      for (const query of ["", "?limit=1000", "?limit=1001", "?limit=5000"]) {
        const response = await many.request(`/api/posts/published${query}`);
        expect(response.status).toBe(200);
        const posts = (await response.json()) as Post[];
        expect(posts, query).toHaveLength(MAX_LIST_LIMIT);
        expect(posts.some((p) => p.id === oldest)).toBe(false);
      }
    });

    it("caps /api/posts/public the same way", async () => {
      const response = await many.request("/api/posts/public?limit=100000");
      expect(response.status).toBe(200);
      expect(await response.json()).toHaveLength(MAX_LIST_LIMIT);
    });
  });
});
