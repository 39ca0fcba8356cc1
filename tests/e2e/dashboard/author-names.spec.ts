import { expect, test } from "#tests/e2e/fixtures.ts";
import { type OwnServer, startOwnServer } from "#tests/e2e/own-server.ts";
import { contentArea } from "./editor-helpers.ts";
import { uniqueId } from "./helpers.ts";

// One display name per person (docs/product/content-model.md#people): the owner, once on the
// employee list, is named by that record in the posts table, its author filter, History and the
// public byline alike. A server of its own, started with the owner's ADMIN_EMAIL.

test.describe("the owner's name", () => {
  const owner = { email: "olivia@names.test", password: "owner-names-password" };
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the owner's post names them alike in the posts table, the author filter, History and the public byline", async ({
    page,
  }) => {
    const post = async (path: string, data: unknown) => {
      const response = await page.request.post(`${server.url}${path}`, {
        data,
        headers: { origin: server.url },
      });
      expect(response.ok(), await response.text()).toBe(true);
      return response.json();
    };
    await post("/api/auth/sign-in/email", owner);
    // The owner adds themselves to the employee list, as the Initial Setup warning asks.
    await post("/api/employees", {
      email: owner.email,
      firstName: "Olivia",
      lastName: "Owner",
      role: "admin",
      isActive: true,
    });
    const title = `Owner's notes ${uniqueId()}`;
    const { id, slug } = (await post("/api/posts", {
      title,
      slug: `owners-notes-${uniqueId()}`,
      content: "<p>Written by the owner.</p>",
      excerpt: null,
      status: "published",
      category: "news",
      tags: [],
      scheduledAt: null,
    })) as { id: string; slug: string };

    await page.goto(`${server.url}/dashboard/posts`);
    const row = page.getByRole("table", { name: "All Content" }).getByRole("row", { name: title });
    await expect(row).toContainText("Olivia Owner");
    const author = page.getByRole("combobox", { name: "Author" });
    await expect(author.getByRole("option", { name: "Olivia Owner (1)" })).toHaveCount(1);
    await author.selectOption({ label: "Olivia Owner (1)" });
    await expect(page.getByRole("table", { name: "All Content" }).locator("tbody tr")).toHaveCount(
      1,
    );

    await page.goto(`${server.url}/dashboard/create?id=${id}&type=post`);
    await expect(contentArea(page)).toBeVisible();
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "History" });
    await expect(history.getByRole("navigation", { name: "Saved versions" })).toContainText(
      "Olivia Owner",
    );
    await expect(history.getByRole("region", { name: "Saved version" })).toContainText(
      "by Olivia Owner",
    );

    await page.goto(`${server.url}/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("By Olivia Owner", { exact: true })).toBeVisible();
  });
});
