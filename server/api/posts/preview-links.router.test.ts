import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewPreviewLink, PreviewLink } from "#common/types/preview-link.ts";
import {
  findPreview,
  KEEP_ENDED_LINKS_MS,
  pruneEndedPreviewLinks,
} from "#server/services/preview-links.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { nameEmployee } from "./posts.editor.fixture.ts";
import { startWithEmployee } from "./posts.router.fixture.ts";

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase("preview links", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    ({ server, employee } = await startWithEmployee(kind));
    await nameEmployee(server, employee.email, "Erin Employee");
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;
  const linksPath = (postId: string) => `/api/posts/${postId}/preview-links`;

  async function makeLink(postId: string, body?: unknown): Promise<NewPreviewLink> {
    const response = await requestAs(server, employee, linksPath(postId), { method: "POST", body });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as NewPreviewLink;
  }
  async function list(postId: string): Promise<PreviewLink[]> {
    const response = await requestAs(server, employee, linksPath(postId));
    expect(response.status).toBe(200);
    return (await response.json()) as PreviewLink[];
  }
  const tokenOf = (link: NewPreviewLink) => link.url.split("/preview/")[1] ?? "";

  describe("POST /api/posts/:id/preview-links", () => {
    it("answers the whole address once, for 7 days unless told, and stores only the token's hash", async () => {
      const post = await createPost(db(), { status: "draft" });
      const before = Date.now();
      const link = await makeLink(post.id);
      expect(link.url).toMatch(new RegExp(`^${server.config.siteUrl}/preview/[A-Za-z0-9_-]{43}$`));
      expect(link.createdBy).toBe("Erin Employee");
      const lifetime = Date.parse(link.expiresAt) - Date.parse(link.createdAt);
      expect(lifetime).toBe(7 * DAY);
      expect(Date.parse(link.createdAt)).toBeGreaterThanOrEqual(before - 1000);

      const token = tokenOf(link);
      const row = await db()
        .selectFrom("preview_links")
        .selectAll()
        .where("id", "=", link.id)
        .executeTakeFirstOrThrow();
      expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("base64url"));
      expect(JSON.stringify(row)).not.toContain(token);
    });

    it("makes a link for 1 or 30 days when asked", async () => {
      const post = await createPost(db());
      for (const days of [1, 30]) {
        const link = await makeLink(post.id, { expiresInDays: days });
        expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(days * DAY);
      }
    });

    it("answers 400 for another duration and 404 for an unknown post", async () => {
      const post = await createPost(db());
      for (const expiresInDays of [2, "7", 0]) {
        const response = await requestAs(server, employee, linksPath(post.id), {
          method: "POST",
          body: { expiresInDays },
        });
        const body = await readError(response, 400);
        expect(body.errors?.expiresInDays).toBe("Choose how long the link works: 1, 7, 30 days");
      }
      for (const id of [randomUUID(), "not-an-id"]) {
        const response = await requestAs(server, employee, linksPath(id), { method: "POST" });
        await readError(response, 404);
      }
      expect(await list(post.id)).toEqual([]);
    });
  });

  describe("GET /api/posts/:id/preview-links", () => {
    it("lists the live links newest first, with who made them and when they end, never a token", async () => {
      const post = await createPost(db(), { status: "scheduled" });
      const older = await makeLink(post.id, { expiresInDays: 1 });
      const newer = await makeLink(post.id);
      const expired = await makeLink(post.id);
      await db()
        .updateTable("preview_links")
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", expired.id)
        .execute();
      const links = await list(post.id);
      expect(links.map((link) => link.id)).toEqual([newer.id, older.id]);
      expect(links[0]).toEqual({
        id: newer.id,
        createdAt: newer.createdAt,
        expiresAt: newer.expiresAt,
        createdBy: "Erin Employee",
      });
      const raw = JSON.stringify(links);
      expect(raw).not.toContain(tokenOf(newer));
      expect(raw).not.toContain("url");
      await readError(await requestAs(server, employee, linksPath(randomUUID())), 404);
    });
  });

  describe("DELETE /api/posts/:id/preview-links/:linkId", () => {
    it("revokes a link: it leaves the list and opens nothing any more", async () => {
      const post = await createPost(db(), { status: "draft" });
      const link = await makeLink(post.id);
      expect((await findPreview(db(), tokenOf(link))).state).toBe("live");
      const path = `${linksPath(post.id)}/${link.id}`;
      expect((await requestAs(server, employee, path, { method: "DELETE" })).status).toBe(204);
      expect(await list(post.id)).toEqual([]);
      expect(await findPreview(db(), tokenOf(link))).toEqual({ state: "ended" });
      // Revoked already, another post's, unknown: nothing to revoke.
      await readError(await requestAs(server, employee, path, { method: "DELETE" }), 404);
      const other = await makeLink((await createPost(db())).id);
      const elsewhere = `${linksPath(post.id)}/${other.id}`;
      await readError(await requestAs(server, employee, elsewhere, { method: "DELETE" }), 404);
      expect((await findPreview(db(), tokenOf(other))).state).toBe("live");
    });
  });

  describe("what a link opens", () => {
    it("shows a post's working copy over the post, and the post as stored without one", async () => {
      const post = await createPost(db(), { status: "published", title: "Live title" });
      const link = await makeLink(post.id);
      const stored = await findPreview(db(), tokenOf(link));
      expect(stored).toMatchObject({
        state: "live",
        workingCopy: false,
        expiresAt: link.expiresAt,
      });
      expect(stored.state === "live" && stored.post.title).toBe("Live title");

      const body = {
        title: "Edited title",
        slug: post.slug,
        content: "<p>Edited.</p>",
        version: 1,
      };
      const saved = await requestAs(server, employee, `/api/posts/${post.id}/autosave`, {
        method: "PUT",
        body: { ...body, tags: ["fresh"] },
      });
      expect(((await saved.json()) as { target: string }).target).toBe("working-copy");
      const edited = await findPreview(db(), tokenOf(link));
      expect(edited).toMatchObject({ state: "live", workingCopy: true });
      if (edited.state !== "live") return;
      expect(edited.post).toMatchObject({ title: "Edited title", status: "published" });
      expect(edited.post.content).toContain("Edited.");
      expect(JSON.parse(edited.post.tags)).toEqual(["fresh"]);
    });

    it("tells an unknown token from an expired link", async () => {
      const post = await createPost(db(), { status: "draft" });
      const link = await makeLink(post.id);
      expect(await findPreview(db(), `${tokenOf(link)}x`)).toEqual({ state: "unknown" });
      expect(await findPreview(db(), "a".repeat(5000))).toEqual({ state: "unknown" });
      const expiry = new Date(Date.parse(link.expiresAt));
      expect((await findPreview(db(), tokenOf(link), new Date(expiry.getTime() - 1))).state).toBe(
        "live",
      );
      expect(await findPreview(db(), tokenOf(link), expiry)).toEqual({ state: "ended" });
    });

    it("dies with its post", async () => {
      const post = await createPost(db(), { status: "draft" });
      const link = await makeLink(post.id);
      const deleted = await requestAs(server, employee, `/api/posts/${post.id}`, {
        method: "DELETE",
      });
      expect(deleted.status).toBe(204);
      expect(await findPreview(db(), tokenOf(link))).toEqual({ state: "unknown" });
      const rows = await db()
        .selectFrom("preview_links")
        .select("id")
        .where("postId", "=", post.id);
      expect(await rows.execute()).toEqual([]);
    });
  });

  describe("upkeep", () => {
    it("deletes links 30 days after they expired or were revoked, and keeps the others", async () => {
      const post = await createPost(db());
      const links = {
        live: await makeLink(post.id),
        expired: await makeLink(post.id, { expiresInDays: 1 }),
        revoked: await makeLink(post.id, { expiresInDays: 30 }),
      };
      await requestAs(server, employee, `${linksPath(post.id)}/${links.revoked.id}`, {
        method: "DELETE",
      });
      const ids = async () =>
        (
          await db()
            .selectFrom("preview_links")
            .select("id")
            .where("postId", "=", post.id)
            .execute()
        )
          .map((row) => row.id)
          .sort();
      const day2 = new Date(Date.now() + 2 * DAY);
      expect(await pruneEndedPreviewLinks(db(), day2)).toBe(0);
      // 30 days after the revoke, the day-old link has ended 29 days ago: only the revoked goes.
      await pruneEndedPreviewLinks(db(), new Date(Date.now() + KEEP_ENDED_LINKS_MS + 60_000));
      expect(await ids()).toEqual([links.live.id, links.expired.id].sort());
      await pruneEndedPreviewLinks(db(), new Date(Date.now() + KEEP_ENDED_LINKS_MS + 2 * DAY));
      expect(await ids()).toEqual([links.live.id]);
    });
  });
});
