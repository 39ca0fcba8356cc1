import { afterAll, beforeAll, expect, it } from "vitest";
import { createPost } from "#tests/factories/post.ts";
import { testNewsletterSite } from "#tests/helpers/newsletter-site.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { postNewsletter } from "./post-newsletter.server.ts";

// A post's newsletter shows its marketplace item cards as links with the items' titles as they
// are when the e-mail is built (docs/decisions/041-embed-cards.md).

const SITE = testNewsletterSite("https://studio.example");

describeEachDatabase("embed cards in a post's newsletter", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.destroy());
  const db = () => database.handle.db;

  it("links each public item by its current title and leaves out one the public cannot see", async () => {
    const live = await createPost(db(), { category: "marketplace-content", title: "Sky Castle" });
    const draft = await createPost(db(), {
      category: "marketplace-content",
      title: "Secret Pack",
      status: "draft",
    });
    const card = (item: { id: string; slug: string }, text: string) =>
      `<a data-marketplace-item="${item.id}" href="/post/${item.slug}">${text}</a>`;
    const post = await createPost(db(), {
      content: `<p>Out now:</p>${card(live, "Old name")}${card(draft, "Secret Pack")}`,
    });
    await db()
      .updateTable("posts")
      .set({ title: "Sky Castle Deluxe" })
      .where("id", "=", live.id)
      .execute();

    const mail = await postNewsletter(db(), SITE, post);
    expect(mail.html).toMatch(
      new RegExp(`<a href="https://studio\\.example/post/${live.slug}"[^>]*>Sky Castle Deluxe</a>`),
    );
    expect(mail.text).toContain(`Sky Castle Deluxe [https://studio.example/post/${live.slug}]`);
    expect(mail.html).not.toMatch(/Old name|Secret Pack|data-marketplace-item/);
  });
});
