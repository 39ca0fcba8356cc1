import type { Locator, Page } from "@playwright/test";
import { UPLOAD_MESSAGES } from "#common/constants.ts";
import { APP_MESSAGES } from "#common/schemas/app.ts";
import type { App } from "#common/types/app.ts";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createApp } from "#tests/factories/app.ts";
import { solidImage } from "#tests/helpers/images.ts";
import {
  expectConfirmation,
  expectPageMatchesApi,
  holdResponses,
  pageHeading,
  toast,
  uniqueId,
} from "./helpers.ts";
import { chooseRowAction, listTable, tableRow } from "./table-helpers.ts";

// Apps & Tools management (docs/product/dashboard.md#apps-section): the dialog form for every field
// of the app schema, image uploads, and the public page and navigation that show the result.

// The most negative sort order the schema takes: an app with it comes first in the public list
// and in the navigation's dropdown (which shows the first 6).
const FIRST_PLACE = -2_147_483_648;

async function listApps(page: Page): Promise<App[]> {
  const response = await page.request.get("/api/apps");
  expect(response.status()).toBe(200);
  return response.json();
}

const appsTable = (page: Page) => listTable(page, "Apps");
const appRow = (page: Page, name: string) => tableRow(page, "Apps", name);

/** The names on the table's first page, in order. */
async function appNames(page: Page): Promise<string[]> {
  await expect(appsTable(page)).toBeVisible();
  return appsTable(page).locator("tbody tr td:first-child p:first-child").allInnerTexts();
}

/** Opens the navigation's Apps & Tools dropdown and answers it. */
async function openAppsMenu(page: Page): Promise<Locator> {
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Show apps and tools" }).click();
  const menu = page.locator("#apps-menu");
  await expect(menu).toBeVisible();
  return menu;
}

test.describe("apps management", () => {
  test("an admin adds an app through the dialog: every validation message, an uploaded logo; it shows on /apps and in the navigation", async ({
    page,
    createStaff,
    db,
  }) => {
    test.slow();
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    await page.goto("/dashboard/apps");
    await expectPageMatchesApi(
      page,
      () => listApps(page),
      async (apps) =>
        expect(await appNames(page)).toEqual(apps.slice(0, 25).map((app) => app.name)),
    );

    await page.getByRole("button", { name: "Add App" }).click();
    const dialog = page.getByRole("dialog", { name: "Add App" });
    const submit = dialog.getByRole("button", { name: "Add App" });

    // Nothing filled in: the required fields say so, and nothing is sent.
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/apps")) posted = true;
    });
    await submit.click();
    for (const message of [
      APP_MESSAGES.nameRequired,
      APP_MESSAGES.slugRequired,
      APP_MESSAGES.category,
      APP_MESSAGES.relationship,
      APP_MESSAGES.platformsRequired,
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    // The refused submit ends by moving the focus to the first field in error; typing goes on after it.
    await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused();

    // The slug follows the name until it is typed by hand; emptied, it follows again.
    const id = uniqueId();
    const name = `Aardvark Planner ${id}`;
    const slug = `aardvark-planner-${id}`;
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await expect(dialog.getByLabel("Slug")).toHaveValue(slug);
    await dialog.getByLabel("Slug").fill("Not A Slug");
    await dialog.getByLabel("Name", { exact: true }).fill(`${name}!`);
    await expect(dialog.getByLabel("Slug")).toHaveValue("Not A Slug");

    // Every other rule, each with the schema's own message.
    await dialog.getByLabel("Short description").fill("s".repeat(301));
    await dialog.getByLabel("Description", { exact: true }).fill("d".repeat(5001));
    await dialog.getByLabel("Download count").fill("1.5");
    await dialog.getByLabel("Rating").fill("5.5");
    await dialog.getByLabel("Release date").fill("1899-12-31");
    await dialog.getByLabel("Website URL").fill("ftp://example.com/planner");
    await dialog.getByLabel("Download URL").fill("example.com/download");
    await dialog.getByLabel("Logo", { exact: true }).fill("javascript:alert(1)");
    await dialog.getByLabel("Image", { exact: true }).fill("/elsewhere/picture.png");
    await dialog.getByLabel("Sort order").fill("2147483648");
    await submit.click();
    for (const message of [
      APP_MESSAGES.slugFormat,
      APP_MESSAGES.shortDescription,
      APP_MESSAGES.description,
      APP_MESSAGES.downloadCount,
      APP_MESSAGES.rating,
      APP_MESSAGES.releaseDate,
      APP_MESSAGES.websiteUrl,
      APP_MESSAGES.downloadUrl,
      APP_MESSAGES.logoUrl,
      APP_MESSAGES.imageUrl,
      APP_MESSAGES.sortOrder,
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel("Slug")).toBeFocused();
    await dialog.getByLabel("Name", { exact: true }).fill("n".repeat(101));
    await dialog.getByLabel("Slug").fill("s".repeat(101));
    await dialog.getByLabel("Download count").fill("-1");
    await submit.click();
    await expect(dialog.getByText(APP_MESSAGES.nameTooLong, { exact: true })).toBeVisible();
    await expect(dialog.getByText(APP_MESSAGES.slugTooLong, { exact: true })).toBeVisible();
    await expect(dialog.getByText(APP_MESSAGES.downloadCount, { exact: true })).toBeVisible();
    expect(posted).toBe(false);
    await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused();

    await dialog.getByLabel("Slug").fill("");
    await expect(dialog.getByLabel("Slug")).toHaveValue("");
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await expect(dialog.getByLabel("Slug")).toHaveValue(slug);

    // The logo: a file that is no image is refused by the server, with its message.
    const logoFile = dialog.getByLabel("Logo file");
    await logoFile.setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is not a picture"),
    });
    await expect(dialog.getByText(UPLOAD_MESSAGES.wrongType, { exact: true })).toBeVisible();
    // A GIF is refused before it is sent.
    await logoFile.setInputFiles({
      name: "logo.gif",
      mimeType: "image/gif",
      buffer: await solidImage("gif", 8, 8),
    });
    await expect(
      dialog.getByText("Only PNG and JPEG images can be uploaded.", { exact: true }),
    ).toBeVisible();
    // A real PNG is stored, its address filled in and previewed.
    await logoFile.setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: await solidImage("png", 64, 64),
    });
    await expect(dialog.getByLabel("Logo", { exact: true })).toHaveValue(/^\/uploads\/[\w.-]+$/);
    const logoUrl = await dialog.getByLabel("Logo", { exact: true }).inputValue();
    await expect(dialog.getByRole("img", { name: "Logo preview" })).toHaveAttribute("src", logoUrl);
    await expect(dialog.getByText(APP_MESSAGES.logoUrl, { exact: true })).toHaveCount(0);
    expect((await page.request.get(logoUrl)).headers()["content-type"]).toMatch(/^image\//);

    await dialog.getByLabel("Category").selectOption("Tool");
    await dialog.getByLabel("Relationship").selectOption("partner");
    await dialog.getByLabel("Status").selectOption("beta");
    await dialog.getByLabel("Short description").fill("Plans builds block by block.");
    await dialog.getByLabel("Description", { exact: true }).fill("A planner for big builds.");
    await dialog.getByLabel("Download count").fill("1234567");
    await dialog.getByLabel("Rating").fill("4.5");
    await dialog.getByLabel("Release date").fill("2024-05-06");
    await dialog.getByRole("checkbox", { name: "Web" }).check();
    await dialog.getByRole("checkbox", { name: "Android" }).check();
    const websiteUrl = `https://planner.example/${id}`;
    await dialog.getByLabel("Website URL").fill(websiteUrl);
    await dialog.getByLabel("Download URL").fill("https://planner.example/download");
    await dialog.getByLabel("Image", { exact: true }).fill("https://planner.example/banner.png");
    await dialog.getByLabel("Sort order").fill(String(FIRST_PLACE));
    await submit.click();

    await expect(toast(page, "status", "App added")).toContainText(
      `${name} is now on the Apps & Tools page.`,
    );
    await expect(dialog).toBeHidden();
    const row = appRow(page, name);
    await expect(row).toBeVisible();
    for (const text of ["Tool", "Partner", "Beta", "1.2M", "Web · Android"]) {
      await expect(row.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(row.getByRole("img", { name: `${name} logo` })).toHaveAttribute("src", logoUrl);

    const saved = (await listApps(page)).find((app) => app.slug === slug);
    expect(saved).toEqual({
      id: expect.any(String),
      name,
      slug,
      category: "Tool",
      relationship: "partner",
      status: "beta",
      logoUrl,
      imageUrl: "https://planner.example/banner.png",
      shortDescription: "Plans builds block by block.",
      description: "A planner for big builds.",
      downloadCount: 1234567,
      rating: 4.5,
      releaseDate: "2024-05-06T00:00:00.000Z",
      platforms: ["web", "android"],
      websiteUrl,
      downloadUrl: "https://planner.example/download",
      sortOrder: FIRST_PLACE,
    });

    try {
      // The site's navigation has it at once, without a reload, and so does /apps.
      const menu = await openAppsMenu(page);
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute(
        "href",
        websiteUrl,
      );
      await page.keyboard.press("Escape");
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Apps & Tools", exact: true })
        .click();
      await expect(page).toHaveURL("/apps");
      const card = page.locator(`article[id="${slug}"]`);
      await expect(card.getByRole("heading", { name })).toBeVisible();
      await expect(card).toContainText("Plans builds block by block.");
    } finally {
      await db.deleteFrom("apps").where("slug", "=", slug).execute();
    }
  });

  test("an employee edits an app: the form is filled in, the slug stays, and the change shows on /apps and in the navigation", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const id = uniqueId();
    const app = await createApp(db, {
      name: `Aardvark Tools ${id}`,
      slug: `aardvark-tools-${id}`,
      category: "Utility",
      relationship: "official-partner",
      status: "released",
      platforms: ["ios", "linux"],
      sortOrder: FIRST_PLACE,
      rating: null,
      releaseDate: "2022-09-10T00:00:00.000Z",
    });
    try {
      await page.goto("/dashboard/apps");
      await chooseRowAction(page, app.name, "Edit");
      const dialog = page.getByRole("dialog", { name: "Edit App" });
      await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(app.name);
      await expect(dialog.getByLabel("Slug")).toHaveValue(app.slug);
      await expect(dialog.getByLabel("Category")).toHaveValue("Utility");
      await expect(dialog.getByLabel("Relationship")).toHaveValue("official-partner");
      await expect(dialog.getByLabel("Status")).toHaveValue("released");
      await expect(dialog.getByLabel("Download count")).toHaveValue("1200");
      await expect(dialog.getByLabel("Rating")).toHaveValue("");
      await expect(dialog.getByLabel("Release date")).toHaveValue("2022-09-10");
      await expect(dialog.getByLabel("Sort order")).toHaveValue(String(FIRST_PLACE));
      await expect(dialog.getByRole("checkbox", { name: "iOS" })).toBeChecked();
      await expect(dialog.getByRole("checkbox", { name: "Linux" })).toBeChecked();
      await expect(dialog.getByRole("checkbox", { name: "Web" })).not.toBeChecked();

      // An existing app keeps its slug (its public address) when renamed.
      const renamed = `Aardvark Toolbox ${id}`;
      await dialog.getByLabel("Name", { exact: true }).fill(renamed);
      await expect(dialog.getByLabel("Slug")).toHaveValue(app.slug);
      await dialog.getByLabel("Status").selectOption("banned");
      await dialog.getByRole("checkbox", { name: "Linux" }).uncheck();
      await dialog.getByRole("checkbox", { name: "iOS" }).uncheck();
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(dialog.getByText(APP_MESSAGES.platformsRequired)).toBeVisible();
      await dialog.getByRole("checkbox", { name: "Web" }).check();
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(toast(page, "status", "App updated")).toContainText(
        `${renamed} has been saved.`,
      );
      const row = appRow(page, renamed);
      await expect(row.getByText("Banned", { exact: true })).toBeVisible();
      await expect(row.getByText("Web", { exact: true })).toBeVisible();
      await expect(appRow(page, app.name)).toHaveCount(0);

      const menu = await openAppsMenu(page);
      await expect(menu.getByRole("link", { name: renamed, exact: true })).toHaveAttribute(
        "href",
        `/apps#${app.slug}`,
      );
      await menu.getByRole("link", { name: renamed, exact: true }).click();
      await expect(page).toHaveURL(`/apps#${app.slug}`);
      const card = page.locator(`article[id="${app.slug}"]`);
      await expect(card.getByRole("heading", { name: renamed })).toBeVisible();
      await expect(card.getByText("BANNED BY MICROSOFT NOV 2021")).toBeVisible();

      // The row's link to the public page keeps the app's place on it too.
      await page.goto("/dashboard/apps");
      await chooseRowAction(page, renamed, "View on the Apps & Tools page");
      await expect(page).toHaveURL(`/apps#${app.slug}`);
      await expect(card.getByRole("heading", { name: renamed })).toBeInViewport();
    } finally {
      await db.deleteFrom("apps").where("id", "=", app.id).execute();
    }
  });

  test("deleting an app asks, naming it; afterwards it is gone from the site", async ({
    page,
    createStaff,
    db,
  }) => {
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    const app = await createApp(db, {
      name: `Aardvark Gone ${uniqueId()}`,
      sortOrder: FIRST_PLACE,
    });
    await page.goto("/dashboard/apps");
    const row = appRow(page, app.name);
    const description = `Are you sure you want to delete "${app.name}"? It will no longer appear on the Apps & Tools page. This action cannot be undone.`;

    await chooseRowAction(page, app.name, "Delete");
    let dialog = await expectConfirmation(page, description);
    await expect(dialog.getByRole("heading", { name: `Delete ${app.name}?` })).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(row).toBeVisible();

    await chooseRowAction(page, app.name, "Delete");
    dialog = await expectConfirmation(page, description);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "status", "App deleted")).toContainText(
      `${app.name} has been removed.`,
    );
    await expect(row).toHaveCount(0);
    expect((await listApps(page)).some((a) => a.id === app.id)).toBe(false);
    const menu = await openAppsMenu(page);
    await expect(menu.getByRole("link", { name: app.name })).toHaveCount(0);
    await page.goto("/apps");
    await expect(page.locator(`article[id="${app.slug}"]`)).toHaveCount(0);
  });

  test("a slug another app has gets the server's message on the field", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const taken = await createApp(db, { name: `Aardvark Taken ${uniqueId()}` });
    try {
      await page.goto("/dashboard/apps");
      await page.getByRole("button", { name: "Add App" }).click();
      const dialog = page.getByRole("dialog", { name: "Add App" });
      await dialog.getByLabel("Name", { exact: true }).fill("Copycat");
      await dialog.getByLabel("Slug").fill(taken.slug);
      await dialog.getByLabel("Category").selectOption("Game");
      await dialog.getByLabel("Relationship").selectOption("developed");
      await dialog.getByRole("checkbox", { name: "Web" }).check();
      await dialog.getByRole("button", { name: "Add App" }).click();
      await expect(dialog.getByText(APP_MESSAGES.slugTaken, { exact: true })).toBeVisible();
      await expect(dialog.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
      await expect(toast(page, "alert", "Error")).toContainText(APP_MESSAGES.slugTaken);
      await expect(dialog).toBeVisible();
    } finally {
      await db.deleteFrom("apps").where("id", "=", taken.id).execute();
    }
  });

  test("shows 3 placeholder rows while the apps load", async ({ page, createStaff }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const release = await holdResponses(page, "**/api/apps**");
    await page.goto("/dashboard/apps");
    await expect(pageHeading(page, "Apps & Tools")).toBeVisible();
    const placeholders = page
      .getByRole("list", { name: "Apps (loading)" })
      .locator('[data-slot="skeleton-row"]');
    await expect(placeholders).toHaveCount(3);
    release();
    await expect(appsTable(page).getByRole("row").nth(1)).toBeVisible();
    await expect(placeholders).toHaveCount(0);
  });

  test("search, filters and order live in the address, and the back button returns to each view", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const id = uniqueId();
    const apps = [
      await createApp(db, { name: `Quill ${id}`, category: "Game", status: "beta" }),
      await createApp(db, { name: `Anvil ${id}`, category: "Tool", status: "released" }),
      await createApp(db, { name: `Mortar ${id}`, category: "Game", status: "released" }),
    ];
    try {
      await page.goto("/dashboard/apps");
      await page.getByRole("searchbox", { name: "Search apps" }).fill(id);
      await expect(page).toHaveURL(new RegExp(`\\?q=${id}$`));
      await expect(page.getByText("Showing 1–3 of 3 apps")).toBeVisible();

      await page.getByRole("combobox", { name: "Category" }).selectOption("Game");
      await expect(page).toHaveURL(new RegExp(`\\?q=${id}&category=Game$`));
      await expect(page.getByText("Showing 1–2 of 2 apps")).toBeVisible();
      await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Name A to Z" });
      await expect(page).toHaveURL(new RegExp(`\\?q=${id}&category=Game&sort=name$`));
      await expect.poll(() => appNames(page)).toEqual([`Mortar ${id}`, `Quill ${id}`]);
      await page.getByRole("combobox", { name: "Status" }).selectOption("beta");
      await expect.poll(() => appNames(page)).toEqual([`Quill ${id}`]);

      await page.goBack();
      await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("");
      await expect.poll(() => appNames(page)).toEqual([`Mortar ${id}`, `Quill ${id}`]);
      await page.goBack();
      await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("sortOrder");
      await expect(page.getByText("Showing 1–2 of 2 apps")).toBeVisible();
      await page.goBack();
      await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("");
      await expect(page.getByText("Showing 1–3 of 3 apps")).toBeVisible();

      // The view is an address: reloading it shows the same rows.
      await page.goto(`/dashboard/apps?q=${id}&status=released&sort=-name`);
      await expect.poll(() => appNames(page)).toEqual([`Mortar ${id}`, `Anvil ${id}`]);
      await page.getByRole("combobox", { name: "Relationship" }).selectOption("official-partner");
      await expect(page.getByText("No matching apps")).toBeVisible();
      await page.getByRole("button", { name: "Show all apps" }).click();
      await expect(page).toHaveURL(/\/dashboard\/apps\?sort=-name$/);
    } finally {
      await db
        .deleteFrom("apps")
        .where(
          "id",
          "in",
          apps.map((app) => app.id),
        )
        .execute();
    }
  });
});
