import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "#server/db/db.server.ts";
import type { PostRow } from "#server/db/tables.ts";
import { expect, hasHorizontalScroll, test } from "#tests/e2e/fixtures.ts";
import { type OwnServer, startOwnServer } from "#tests/e2e/own-server.ts";
import { createManyPosts, fromNow } from "#tests/factories/post.ts";
import { expectConfirmation, pageHeading, toast } from "./helpers.ts";

// The Marketplace table (docs/product/dashboard.md#marketplace-section) on each database: search,
// filters, sort and paging by the server with the view in the address, the bulk actions, and the
// phone layout. Each database gets a server of its own, empty but for each test's items, so the
// totals and orders are exact: SQLite as the site starts by default, and PostgreSQL
// (TEST_DATABASE_URL's server, a database made for the run) as a bigger site runs.

const DAY = 24 * 3_600_000;
const OWNER = { email: "owner@marketplace-table.test", password: "marketplace-table-password" };
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** A PostgreSQL database of its own on TEST_DATABASE_URL's server; `drop` removes it. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `studio_e2e_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

for (const kind of ["sqlite", "postgres"] as const) {
  test.describe(`the Marketplace table [${kind}]`, () => {
    test.skip(
      kind === "postgres" && !TEST_DATABASE_URL,
      "TEST_DATABASE_URL is not set: the PostgreSQL run is skipped",
    );
    let server: OwnServer;
    let handle: DatabaseHandle;
    let dropDatabase: () => Promise<void> = async () => undefined;

    test.beforeAll(async () => {
      const database = kind === "postgres" ? await createPostgresDatabase() : undefined;
      if (database) dropDatabase = database.drop;
      server = await startOwnServer({
        ADMIN_EMAIL: OWNER.email,
        ADMIN_PASSWORD: OWNER.password,
        ...(database ? { DATABASE_URL: database.url } : {}),
      });
      handle = openDatabase({ dataDir: server.dataDir, databaseUrl: database?.url });
    });
    test.afterAll(async () => {
      await handle?.close();
      await server?.stop();
      await dropDatabase();
    });
    test.afterEach(async () => {
      await handle.db.deleteFrom("posts").execute();
    });

    /** Signs the owner in and opens the Marketplace section with `search`. */
    async function open(page: Page, search = "") {
      const response = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
        data: OWNER,
        headers: { origin: server.url },
      });
      expect(response.status()).toBe(200);
      await page.goto(`${server.url}/dashboard/marketplace${search}`);
    }

    const table = (page: Page) =>
      page.getByRole("table", { name: "Marketplace Portfolio", exact: true });

    /** Waits until the table's rows are exactly these titles, in this order. */
    async function expectRows(page: Page, titles: string[]) {
      const rows = table(page).locator("tbody tr");
      await expect(async () => {
        const names = await rows.evaluateAll((found) =>
          found.map((row) => row.getAttribute("aria-label") ?? ""),
        );
        expect(names).toEqual(titles);
      }).toPass({ timeout: 5_000 });
    }

    /** `count` items titled "Pack 00", "Pack 01", ...; `shape` sets the rest. */
    function seed(count: number, shape: (i: number) => Partial<PostRow>) {
      return createManyPosts(handle.db, count, (i) => ({
        title: `Pack ${String(i).padStart(2, "0")}`,
        category: "marketplace-content",
        ...shape(i),
      }));
    }

    const search = (page: Page) => new URL(page.url()).search;

    test("search, filters, sort and pages come from the server; the address keeps the view for reload and back", async ({
      page,
    }) => {
      // 30 items: a launch date a day apart (Pack 29 newest), every third a skin pack; Pack 00
      // to 04 still to come (Coming Soon), every fifth a draft.
      await seed(30, (i) => ({
        packType: i % 3 === 0 ? "skin-pack" : "world",
        status: i % 5 === 4 ? "draft" : "published",
        releaseDate: i < 5 ? fromNow((i + 1) * DAY) : fromNow(-(40 - i) * DAY),
        excerpt: i === 7 ? "A frozen citadel under the aurora." : null,
      }));
      const titles = (indexes: number[]) =>
        indexes.map((i) => `Pack ${String(i).padStart(2, "0")}`);
      await open(page);
      await expect(pageHeading(page, "Marketplace Portfolio (30)")).toBeVisible();
      // Newest launch date first: the five to come, then the launched ones from the newest.
      const byLaunch = [4, 3, 2, 1, 0, ...Array.from({ length: 25 }, (_, k) => 29 - k)];
      await expectRows(page, titles(byLaunch.slice(0, 25)));
      await expect(page.getByText("Showing 1–25 of 30 items")).toBeVisible();

      const pager = page.getByRole("navigation", { name: "Marketplace Portfolio pages" });
      await pager.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expectRows(page, titles(byLaunch.slice(25)));

      // The Title header sorts A to Z, then Z to A, from page 1.
      const titleHeader = table(page).getByRole("button", { name: "Title" });
      await titleHeader.click();
      await expect.poll(() => search(page)).toBe("?sort=title");
      await expectRows(page, titles(Array.from({ length: 25 }, (_, k) => k)));
      await titleHeader.click();
      await expect.poll(() => search(page)).toBe("?sort=-title");
      await expectRows(page, titles(Array.from({ length: 25 }, (_, k) => 29 - k)));

      await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Coming Soon" });
      await expect(page).toHaveURL(/\?sort=-title&status=coming-soon$/);
      await expectRows(page, titles([3, 2, 1, 0]));
      await expect(table(page).getByText("Coming Soon", { exact: true })).toHaveCount(4);

      await page.getByRole("combobox", { name: "Pack type" }).selectOption({ label: "Skin Pack" });
      await expectRows(page, titles([3, 0]));
      await expect
        .poll(() => search(page))
        .toBe("?sort=-title&status=coming-soon&packType=skin-pack");

      // The search matches the description too, and a search that keeps nothing says so.
      await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "All statuses" });
      await expect.poll(() => search(page)).toBe("?sort=-title&packType=skin-pack");
      await page
        .getByRole("combobox", { name: "Pack type" })
        .selectOption({ label: "All pack types" });
      await expect.poll(() => search(page)).toBe("?sort=-title");
      await page.getByRole("searchbox", { name: "Search portfolio items" }).fill("AURORA");
      await expect(page).toHaveURL(/q=AURORA/);
      await expectRows(page, titles([7]));
      await page.reload();
      await expectRows(page, titles([7]));
      await expect(page.getByRole("searchbox", { name: "Search portfolio items" })).toHaveValue(
        "AURORA",
      );

      // The back button walks back through the views.
      await page.goBack();
      await expect.poll(() => search(page)).not.toContain("q=");
      await expectRows(page, titles(Array.from({ length: 25 }, (_, k) => 29 - k)));

      await page.getByRole("searchbox", { name: "Search portfolio items" }).fill("no such pack");
      await expect(page.getByText("No portfolio items found")).toBeVisible();
      await page.getByRole("button", { name: "Clear filters" }).click();
      await expect(page.getByText("Showing 1–25 of 30 items")).toBeVisible();
    });

    test("bulk publish, unpublish and delete act on the selected rows after one question", async ({
      page,
    }) => {
      await seed(6, (i) => ({
        packType: "addon",
        status: i < 3 ? "draft" : "published",
        publishedAt: i < 3 ? null : fromNow(-DAY),
        releaseDate: fromNow(-DAY),
      }));
      await open(page, "?status=draft&sort=title");
      await expectRows(page, ["Pack 00", "Pack 01", "Pack 02"]);
      for (const title of ["Pack 00", "Pack 01"]) {
        await table(page)
          .getByRole("checkbox", { name: `Select ${title}` })
          .check();
      }
      const bar = page.getByRole("region", { name: "Selected items" });
      await expect(bar.getByText("2 items selected")).toBeVisible();

      await bar.getByRole("button", { name: "Publish", exact: true }).click();
      let dialog = await expectConfirmation(
        page,
        "They go public at once: their pages and the Studio page show them. Drafts and scheduled items only; an item that is not ready to publish is left as it is.",
      );
      await expect(dialog.getByRole("heading", { name: "Publish 2 items?" })).toBeVisible();
      await dialog.getByRole("button", { name: "Publish 2 items" }).click();
      await expect(toast(page, "status", "2 items published")).toBeVisible();
      await expectRows(page, ["Pack 02"]);
      await expect(bar).toBeHidden();

      // Live now: the Live view shows them beside the three published before.
      await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Live" });
      await expectRows(page, ["Pack 00", "Pack 01", "Pack 03", "Pack 04", "Pack 05"]);
      await table(page).getByRole("checkbox", { name: "Select all items on this page" }).check();
      await expect(bar.getByText("5 items selected")).toBeVisible();
      await table(page).getByRole("checkbox", { name: "Select Pack 05" }).uncheck();
      await bar.getByRole("button", { name: "Unpublish", exact: true }).click();
      dialog = await expectConfirmation(
        page,
        "They leave the public site at once: their pages and the Studio page stop showing them until they are published again.",
      );
      await dialog.getByRole("button", { name: "Unpublish 4 items" }).click();
      await expect(toast(page, "status", "4 items unpublished")).toBeVisible();
      await expectRows(page, ["Pack 05"]);

      await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "draft" });
      await expectRows(page, ["Pack 00", "Pack 01", "Pack 02", "Pack 03", "Pack 04"]);
      for (const title of ["Pack 02", "Pack 03"]) {
        await table(page)
          .getByRole("checkbox", { name: `Select ${title}` })
          .check();
      }
      await bar.getByRole("button", { name: "Delete", exact: true }).click();
      dialog = await expectConfirmation(
        page,
        "They are deleted for good: their pages disappear from the public site at once. This action cannot be undone.",
      );
      // Cancel leaves everything as it was, selection included.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(bar.getByText("2 items selected")).toBeVisible();
      await bar.getByRole("button", { name: "Delete", exact: true }).click();
      dialog = page.getByRole("alertdialog");
      await dialog.getByRole("button", { name: "Delete 2 items" }).click();
      await expect(toast(page, "status", "2 items deleted")).toBeVisible();
      await expectRows(page, ["Pack 00", "Pack 01", "Pack 04"]);
      await expect(pageHeading(page, "Marketplace Portfolio (4)")).toBeVisible();
      const left = await handle.db.selectFrom("posts").select("title").orderBy("title").execute();
      expect(left.map((row) => row.title)).toEqual(["Pack 00", "Pack 01", "Pack 04", "Pack 05"]);
    });

    test("at 360 px the rows are compact, nothing scrolls sideways, and the controls still work", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await seed(3, (i) => ({
        title: `A rather long marketplace pack title number ${i} that has to wrap`,
        packType: "texture-pack",
        status: i === 0 ? "scheduled" : "published",
        scheduledAt: i === 0 ? fromNow(DAY) : null,
        timezone: i === 0 ? "UTC" : null,
        releaseDate: i === 2 ? "2025-03-05T00:00:00.000Z" : null,
        marketplaceUrl: `https://marketplace.example/pack-${i}`,
      }));
      await open(page, "?sort=title");
      await expect(table(page)).toBeHidden();
      const list = page.getByRole("list", { name: "Marketplace Portfolio", exact: true });
      const rows: Locator = list.getByRole("article");
      await expect(rows).toHaveCount(3);
      const scheduled = rows.nth(0);
      await expect(scheduled.getByText("scheduled", { exact: true })).toBeVisible();
      await expect(scheduled.getByText("Texture Pack")).toBeVisible();
      await expect(scheduled).toContainText("Launch: Not set");
      const launched = rows.nth(2);
      await expect(launched.getByText("Live", { exact: true })).toBeVisible();
      await expect(launched).toContainText("Launch: Mar 5, 2025");
      await expect(
        launched.getByRole("link", { name: /on the marketplace \(new tab\)/ }),
      ).toHaveAttribute("href", "https://marketplace.example/pack-2");
      expect(await hasHorizontalScroll(page)).toBe(false);

      await page.getByRole("checkbox", { name: "Select all on this page" }).check();
      await expect(page.getByText("3 items selected")).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "scheduled" });
      await expect(rows).toHaveCount(1);
      await expect(page).toHaveURL(/status=scheduled/);
      expect(await hasHorizontalScroll(page)).toBe(false);
    });
  });
}
