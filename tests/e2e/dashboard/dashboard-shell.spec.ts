import { DESKTOP, expect, MOBILE, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import { uniqueId } from "./helpers.ts";

// The dashboard's frame: one section at a time, each at its own address, switched without a
// page reload, by the sidebar or, on small screens, by a menu drawer and a dropdown.

test.describe("dashboard sections", () => {
  test("the sidebar switches sections without a reload; the address follows and Back works", async ({
    page,
    createStaff,
  }) => {
    const admin = await createStaff({ role: "admin", firstName: "Dana" });
    await signInAs(page, admin);
    await page.setViewportSize(DESKTOP);
    await page.goto("/dashboard");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "no reload";
    });
    const sidebar = page.getByRole("navigation", { name: "Dashboard sections" });
    await expect(sidebar.getByText("Content Management")).toBeVisible();
    await expect(sidebar.getByText("Website Sections")).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await sidebar.getByRole("link", { name: "Employees" }).click();
    await expect(page).toHaveURL("/dashboard/employees");
    await expect(page.getByRole("heading", { level: 1, name: "Employees" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Employees" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute(
      "aria-current",
    );

    await page.goBack();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Dana!" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "no reload",
    );

    // A section's address opens it directly.
    await page.goto("/dashboard/employees");
    await expect(page.getByRole("heading", { level: 1, name: "Employees" })).toBeVisible();
  });

  test("small screens get a menu drawer and a dropdown of sections", async ({
    page,
    createStaff,
  }) => {
    const admin = await createStaff({ role: "admin", firstName: "Dana" });
    await signInAs(page, admin);
    await page.setViewportSize(MOBILE);
    await page.goto("/dashboard");
    // The sidebar itself is hidden on a small screen.
    await expect(page.getByRole("navigation", { name: "Dashboard sections" })).toBeHidden();

    await page.getByRole("button", { name: "Open dashboard menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
    await expect(drawer.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await drawer.getByRole("link", { name: "Employees" }).click();
    await expect(page).toHaveURL("/dashboard/employees");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Employees" })).toBeVisible();

    const dropdown = page.getByRole("combobox", { name: "Dashboard section" });
    await expect(dropdown).toHaveValue("employees");
    await dropdown.selectOption({ label: "Dashboard" });
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Dana!" })).toBeVisible();
  });

  test("while a post is edited, the sidebar marks the section it belongs to", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    await page.setViewportSize(DESKTOP);
    const id = uniqueId();
    const news = await createPost(db, { title: `Shell news ${id}`, category: "news" });
    const pack = await createPost(db, {
      title: `Shell pack ${id}`,
      category: "marketplace-content",
      packType: "skin-pack",
    });
    const sidebar = page.getByRole("navigation", { name: "Dashboard sections" });
    const marked = sidebar.locator('a[aria-current="page"]');

    await page.goto(`/dashboard/create?id=${news.id}&type=post`);
    await expect(page.getByLabel("Title")).toHaveValue(`Shell news ${id}`);
    await expect(marked).toHaveText("All Posts");

    // A marketplace item: Marketplace Content.
    await page.goto(`/dashboard/create?id=${pack.id}&type=post`);
    await expect(page.getByLabel("Title")).toHaveValue(`Shell pack ${id}`);
    await expect(marked).toHaveText("Marketplace Content");

    // Starting a new post from there marks Create Post again.
    await sidebar.getByRole("link", { name: "Create Post" }).click();
    await expect(page).toHaveURL("/dashboard/create");
    await expect(marked).toHaveText("Create Post");
  });
});
