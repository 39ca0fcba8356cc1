import { afterAll, beforeAll, expect, it } from "vitest";
import type { NewsletterSending } from "#common/types/newsletter.ts";
import type { Post } from "#common/types/post.ts";
import type { Paged, PostAuthor, StaffPostRow } from "#common/types/post-list.ts";
import type { PostRevisionSummary } from "#common/types/post-revision.ts";
import { createPost } from "#tests/factories/post.ts";
import { OWNER_ENV, requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { payload } from "./posts.router.fixture.ts";

// One display name per person (docs/product/content-model.md#people): the staff list's rows, its
// author filter, a post's History and the newsletter sendings all name a person alike, from
// their employee record, and a post without an author has none anywhere.

describeEachDatabase("people's names on the staff screens", (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, OWNER_ENV);
    owner = await signInAs(server, "owner");
  });
  afterAll(() => server?.close());

  async function read<T>(who: SignedIn, path: string): Promise<T> {
    const response = await requestAs(server, who, path);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  }

  async function userIdOf(who: SignedIn): Promise<string> {
    return (await read<{ id: string }>(who, "/api/auth/user")).id;
  }

  /** Writes and publishes a post as `who`, and sends it to the mailing list. */
  async function publishAndSend(who: SignedIn): Promise<Post> {
    const created = await requestAs(server, who, "/api/posts", {
      method: "POST",
      body: payload({ status: "published" }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const post = (await created.json()) as Post;
    const sent = await requestAs(server, who, `/api/posts/${post.id}/newsletter`, {
      method: "POST",
      body: {},
    });
    expect(sent.status, await sent.clone().text()).toBe(202);
    return post;
  }

  /** What each staff screen calls the author of `post` (undefined: it names nobody). */
  async function namesShown(post: Post, authorId: string) {
    const rows = await read<Paged<StaffPostRow>>(
      owner,
      `/api/posts?page=1&q=${encodeURIComponent(post.title)}`,
    );
    const authors = await read<PostAuthor[]>(owner, "/api/posts/authors");
    const revisions = await read<PostRevisionSummary[]>(owner, `/api/posts/${post.id}/revisions`);
    const sendings = await read<Paged<NewsletterSending>>(
      owner,
      "/api/newsletter-sendings?page=1&limit=100",
    );
    return {
      row: rows.items.find((row) => row.id === post.id)?.author?.name,
      filter: authors.find((author) => author.id === authorId)?.name,
      history: revisions[0]?.savedBy,
      sending: sendings.items.find((sending) => sending.postId === post.id)?.createdBy,
    };
  }

  const everywhere = (name: string) => ({ row: name, filter: name, history: name, sending: name });

  it("names the owner by the part of the address before the @ until they add themselves, then by their employee record", async () => {
    const ownerId = await userIdOf(owner);
    const post = await publishAndSend(owner);
    expect(await namesShown(post, ownerId)).toEqual(everywhere("owner"));

    const added = await requestAs(server, owner, "/api/employees", {
      method: "POST",
      body: {
        email: OWNER_ENV.ADMIN_EMAIL,
        firstName: "Olivia",
        lastName: "Owner",
        role: "admin",
        isActive: true,
      },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    // Names are read when shown: what was written and sent before is renamed too.
    expect(await namesShown(post, ownerId)).toEqual(everywhere("Olivia Owner"));
  });

  it("names an employee by their record, not by their login's own name", async () => {
    const employee = await signInAs(server, "employee");
    const employeeId = await userIdOf(employee);
    await server.db.handle.db
      .updateTable("users")
      .set({ name: "Login Name" })
      .where("id", "=", employeeId)
      .execute();
    await server.db.handle.db
      .updateTable("employees")
      .set({ firstName: "Erin", lastName: "Example" })
      .where("email", "=", employee.email)
      .execute();
    const post = await publishAndSend(employee);
    expect(await namesShown(post, employeeId)).toEqual(everywhere("Erin Example"));
  });

  it("gives a post without an author, or whose author was deleted, no name anywhere", async () => {
    const orphan = await createPost(server.db.handle.db, { authorId: null });
    const rows = await read<Paged<StaffPostRow>>(
      owner,
      `/api/posts?page=1&q=${encodeURIComponent(orphan.title)}`,
    );
    expect(rows.items.map((row) => row.author)).toEqual([null]);

    const leaver = await signInAs(server, "employee");
    const leaverId = await userIdOf(leaver);
    const post = await publishAndSend(leaver);
    const named = await namesShown(post, leaverId);
    // Deleting an employee deletes their login; their posts stay.
    const deleted = await requestAs(server, owner, `/api/employees/${leaver.employeeId}`, {
      method: "DELETE",
    });
    expect(deleted.status, await deleted.clone().text()).toBe(204);
    expect(await namesShown(post, leaverId)).toEqual({
      row: undefined,
      filter: undefined,
      history: null,
      // The sending keeps the name it was started under.
      sending: named.sending,
    });
  });
});
