import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import { pageHeading, rowNames, uniqueId } from "./helpers.ts";

// The date each row of the content lists shows, the one that matters for the post's state
// (docs/product/dashboard.md#content-lists). The browser runs in Berlin and on a clock the test
// sets, so "your time" and "… ago" are known; the posts are dated in 2031, after anything else the
// lists hold.

test.use({ timezoneId: "Europe/Berlin" });

/** The browser's time in these tests: in 2031, so the dates below are this year's. */
const BROWSER_NOW = new Date("2031-11-20T12:00:00.000Z");

test.describe("dates on the dashboard's post rows", () => {
  test("a scheduled post shows its time in the viewer's zone, and its own where it differs, soonest first", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const id = uniqueId();
    // 09:00 in Tokyo on December 2 is 01:00 in Berlin.
    const tokyo = await createPost(db, {
      title: `Tokyo launch ${id}`,
      status: "scheduled",
      scheduledAt: "2031-12-02T00:00:00.000Z",
      timezone: "Asia/Tokyo",
      tags: [`d${id}`],
    });
    // Set in Berlin: the viewer's clock reads the same, so it is said once.
    const berlin = await createPost(db, {
      title: `Berlin launch ${id}`,
      status: "scheduled",
      scheduledAt: "2031-11-25T08:00:00.000Z",
      timezone: "Europe/Berlin",
      tags: [`d${id}`],
    });
    await page.clock.install({ time: BROWSER_NOW });

    await page.goto(`/dashboard/scheduled?tag=d${id}`);
    await expect(pageHeading(page, "Scheduled Posts")).toBeVisible();
    const list = page.getByRole("table", { name: "Scheduled Posts", exact: true });
    const tokyoCard = list.getByRole("row", { name: tokyo.title });
    await expect(tokyoCard).toContainText("Scheduled for 2 Dec 2031, 01:00 (09:00 in Tokyo)");
    await expect(tokyoCard.locator("time")).toHaveAttribute("datetime", tokyo.scheduledAt ?? "");
    const berlinCard = list.getByRole("row", { name: berlin.title });
    await expect(berlinCard).toContainText("Scheduled for 25 Nov 2031, 09:00");
    await expect(berlinCard).not.toContainText("in Berlin");
    // The one that goes live first comes first.
    const names = await rowNames(list);
    expect(names.indexOf(berlin.title)).toBeGreaterThanOrEqual(0);
    expect(names.indexOf(berlin.title)).toBeLessThan(names.indexOf(tokyo.title));
  });

  test("a draft shows when it was last edited, relative to the viewer's clock", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const draft = await createPost(db, {
      title: `Edited draft ${uniqueId()}`,
      status: "draft",
      createdAt: "2031-11-01T09:00:00.000Z",
      updatedAt: "2031-11-20T11:55:00.000Z",
    });
    // Five minutes after the edit; the clock moves on from there as time passes.
    await page.clock.install({ time: BROWSER_NOW });

    await page.goto("/dashboard/drafts");
    const list = page.getByRole("table", { name: "Drafts", exact: true });
    const card = list.getByRole("row", { name: draft.title });
    await expect(card).toContainText("Edited 5 min ago");
    await expect(card.locator("time")).toHaveAttribute("datetime", draft.updatedAt);
    await expect(card.locator("time")).toHaveAttribute("title", "20 Nov 2031, 12:55");
    // The draft edited last comes first.
    expect((await rowNames(list))[0]).toBe(draft.title);

    // The card keeps up with the clock, without a reload. The clock jumps rather than runs: the
    // shared clock's next tick reads the new time, and 55 minutes of every timer and animation
    // frame on the page are not played through one by one.
    await page.clock.fastForward(55 * 60_000);
    await expect(card).toContainText("Edited 1 hour ago");
  });

  test("a published post shows its publication date, not its creation", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const post = await createPost(db, {
      title: `Published late ${uniqueId()}`,
      status: "published",
      createdAt: "2024-01-10T09:00:00.000Z",
      publishedAt: "2024-03-05T09:00:00.000Z",
    });
    await page.goto(`/dashboard/posts?q=${encodeURIComponent(post.title)}`);
    const card = page
      .getByRole("table", { name: "All Content", exact: true })
      .getByRole("row", { name: post.title });
    await expect(card).toContainText("Published 5 Mar 2024, 10:00");
    await expect(card).not.toContainText("10 Jan 2024");
  });

  test("sorted by Last edited, every row shows its last edit, not its publication", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const post = await createPost(db, {
      title: `Edited after publishing ${uniqueId()}`,
      status: "published",
      createdAt: "2024-01-10T09:00:00.000Z",
      publishedAt: "2024-03-05T09:00:00.000Z",
      updatedAt: "2031-11-01T09:00:00.000Z",
    });
    await page.clock.install({ time: BROWSER_NOW });
    await page.goto(`/dashboard/posts?sort=-updatedAt&q=${encodeURIComponent(post.title)}`);
    const table = page.getByRole("table", { name: "All Content", exact: true });
    await expect(table.getByRole("columnheader", { name: /Last edited/ })).toBeVisible();
    const card = table.getByRole("row", { name: post.title });
    await expect(card).toContainText("Edited on 1 Nov 2031, 10:00");
    await expect(card.locator("time")).toHaveAttribute("datetime", post.updatedAt);
    await expect(card).not.toContainText("Mar 2024");
  });
});
