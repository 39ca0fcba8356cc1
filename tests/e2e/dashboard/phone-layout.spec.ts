import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { pageHeading, uniqueId } from "./helpers.ts";

// The dashboard on a 360 px phone (docs/product/dashboard.md#dashboard-shell): every section,
// opened as an admin, has exactly one menu button, no sideways scrolling and no serious
// accessibility violation; the one menu reaches both the dashboard's sections and the public site.
//
// axe runs here on the sections whose own specs do not already scan them on a phone: the posts
// table (All Posts, Scheduled, Drafts, News Posts and YouTube Videos are one table) in
// posts-table.spec.ts, the editor in post-editor.spec.ts, Employees in employees.spec.ts and
// Newsletters in newsletters.spec.ts.

const PHONE = { width: 360, height: 740 };

const SECTIONS: [path: string, heading: RegExp, scannedElsewhere?: "scanned elsewhere"][] = [
  ["/dashboard", /^Welcome, /],
  ["/dashboard/create", /^Create New Post$/, "scanned elsewhere"],
  ["/dashboard/posts", /^All Content$/, "scanned elsewhere"],
  ["/dashboard/scheduled", /^Scheduled Posts$/, "scanned elsewhere"],
  ["/dashboard/drafts", /^Drafts$/, "scanned elsewhere"],
  ["/dashboard/marketplace", /^Marketplace Portfolio/],
  ["/dashboard/media", /^Media$/],
  ["/dashboard/employees", /^Employees$/, "scanned elsewhere"],
  ["/dashboard/news", /^News Posts$/, "scanned elsewhere"],
  ["/dashboard/apps", /^Apps & Tools$/],
  ["/dashboard/videos", /^YouTube Videos$/, "scanned elsewhere"],
  ["/dashboard/mailing-list", /^Mailing List$/],
  ["/dashboard/newsletters", /^Newsletters$/, "scanned elsewhere"],
  ["/dashboard/account", /^My account$/],
];

/** The buttons a person sees whose name says they open a menu. */
const menuButtons = (page: Page) =>
  page.getByRole("button", { name: /menu/i }).filter({ visible: true });

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > window.innerWidth;
  });
}

test.describe("the dashboard on a 360 px phone", () => {
  test.use({ viewport: PHONE });

  test.beforeEach(async ({ page, createStaff }) => {
    await signInAs(page, await createStaff({ role: "admin" }));
  });

  for (const [path, heading, scannedElsewhere] of SECTIONS) {
    test(`${path}: one menu button, nothing wider than the screen, accessible`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(pageHeading(page, heading)).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(menuButtons(page)).toHaveCount(1);
      await expect(menuButtons(page)).toHaveAccessibleName("Open dashboard menu");
      expect(await scrollsSideways(page)).toBe(false);
      if (!scannedElsewhere) await expectNoSeriousA11yViolations(page);
    });
  }

  test("the one menu leads to the dashboard's sections and back to the site", async ({ page }) => {
    await page.goto("/dashboard/mailing-list");
    await page.getByRole("button", { name: "Open dashboard menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
    await drawer.getByRole("link", { name: "Apps & Tools" }).first().click();
    await expect(pageHeading(page, /^Apps & Tools$/)).toBeVisible();
    await expect(drawer).toBeHidden();

    await page.getByRole("button", { name: "Open dashboard menu" }).click();
    const website = drawer.getByRole("navigation", { name: "Website" });
    await expect(website.getByRole("link", { name: "Logout" })).toHaveAttribute(
      "href",
      "/api/logout",
    );
    await website.getByRole("link", { name: "Studio" }).click();
    await expect(page).toHaveURL(/\/studio$/);
    // Back on the public site, its own menu button is the one there.
    await expect(menuButtons(page)).toHaveCount(1);
    await expect(menuButtons(page)).toHaveAccessibleName("Open menu");
  });

  test("a long subscriber address wraps after its @ and dots, and the counters fit the first screen", async ({
    page,
    db,
  }) => {
    const id = uniqueId();
    const email = `an.unusually.long.reader.name.${id}@subscribers.of.the.studio.example.com`;
    await createSubscriber(db, { email });
    await page.goto(`/dashboard/mailing-list?q=${id}`);
    const row = page.getByRole("list", { name: "Subscribers" }).getByRole("listitem");
    await expect(row).toHaveCount(1);
    const address = row.getByText(email.slice(0, 20), { exact: false });
    // Break opportunities sit after "@" and after each dot, nowhere else.
    const parts = await address.evaluate((element) =>
      [...element.childNodes].map((node) => (node.nodeName === "WBR" ? "|" : node.textContent)),
    );
    expect(parts.join("")).toBe(email.replace(/([@.])/g, "$1|").replace(/\|$/, ""));
    // Every line the address takes ends at one of them.
    const lines = await address.evaluate((element) => {
      const range = document.createRange();
      const ends: string[] = [];
      let lastTop: number | null = null;
      let text = "";
      for (const node of element.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue;
        for (let i = 0; i < (node.textContent ?? "").length; i += 1) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getBoundingClientRect().top;
          if (lastTop !== null && top > lastTop + 2) ends.push(text.at(-1) ?? "");
          lastTop = top;
          text += node.textContent?.[i] ?? "";
        }
      }
      return ends;
    });
    expect(lines.length).toBeGreaterThan(0);
    for (const end of lines) expect(["@", "."]).toContain(end);
    expect(await scrollsSideways(page)).toBe(false);

    const tiles = page.locator('[data-slot="subscriber-stat"]');
    await expect(tiles).toHaveCount(3);
    for (const tile of await tiles.all()) {
      const box = await tile.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    }
  });
});
