import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";

// Post content saved before image paths were checked as the browser resolves them may hold an
// image whose path leaves /uploads/ (docs/product/content-model.md#post-html). Such an image is
// fetched with the reader's cookies; the post page must not show it, so a staff member reading the
// post stays signed in.

test("a signed-in staff member reads a stored post with an /uploads/../api/logout image and stays signed in", async ({
  page,
  db,
  createStaff,
}) => {
  const staff = await createStaff({ firstName: "Reed" });
  const post = await createPost(db, {
    title: "Old content with a stray image",
    // Stored as is, the way content saved before the check reads back from the database.
    content:
      '<p>An older post.</p><img src="/uploads/../api/logout" alt=""><img src="/uploads/%2e%2e/api/logout" alt=""><p>The end.</p>',
  });
  await signInAs(page, staff);
  const siteRequests: string[] = [];
  page.on("request", (request) => siteRequests.push(new URL(request.url()).pathname));

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByText("The end.")).toBeVisible();
  // Bring everything below into view, so lazy images (if any were left) would load now.
  await page.getByText("The end.").scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");

  await expect(page.locator(".prose-post img")).toHaveCount(0);
  expect(siteRequests.filter((path) => path.startsWith("/api/logout"))).toEqual([]);
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: staff.email });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Reed!" })).toBeVisible();
});

test("an image whose address is the site's own /api/logout, written in full, does not sign its reader out", async ({
  page,
  db,
  createStaff,
  baseURL,
}) => {
  const staff = await createStaff({ firstName: "Quinn" });
  // A full address on the site itself passes as an ordinary https or http image.
  const post = await createPost(db, {
    title: "A post with a full-address image",
    content: `<p>Above.</p><img src="${baseURL}/api/logout" alt=""><p>Below.</p>`,
  });
  await signInAs(page, staff);
  const logoutAnswers: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/logout") logoutAnswers.push(response.status());
  });

  await page.goto(`/blog/${post.slug}`);
  await page.getByText("Below.").scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");

  // The browser asked for it as an image; the server refused to sign out.
  expect(logoutAnswers).toEqual([403]);
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(200);
});
