import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect } from "#tests/e2e/fixtures.ts";

/** A short id that no other test run or worker will pick, for unique titles and addresses. */
export function uniqueId(): string {
  return `${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
}

/**
 * Holds back the answers to requests matching `url` until `release()` is called, so a test can
 * look at a loading state for as long as it needs, without depending on timing.
 */
export async function holdResponses(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The page's h1. */
export function pageHeading(page: Page, name: string | RegExp): Locator {
  return page.getByRole("heading", { level: 1, name });
}

/** The dashboard's sidebar (desktop). */
export function sidebar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Dashboard sections" });
}

/** The toast currently shown, by its role: "status" for news, "alert" for failures. */
export function toast(page: Page, role: "status" | "alert", title: string): Locator {
  return page.locator('[data-slot="toast"]').and(page.getByRole(role)).filter({ hasText: title });
}

/** Confirms the open confirmation dialog after checking its text; answers the dialog. */
export async function expectConfirmation(page: Page, description: string): Promise<Locator> {
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(description, { exact: true })).toBeVisible();
  return dialog;
}

/**
 * Checks, until it holds, that what the page shows equals what the API answers now: other
 * workers change content on the same server, so a page loaded a moment before the API was asked
 * may differ; the page is loaded again before each new try.
 */
export async function expectPageMatchesApi<T>(
  page: Page,
  readApi: () => Promise<T>,
  check: (api: T) => Promise<void>,
): Promise<void> {
  let first = true;
  await expect(async () => {
    if (!first) await page.reload();
    first = false;
    await check(await readApi());
  }).toPass({ timeout: 20_000 });
}

/** The accessible names (aria-label) of the articles in a list, in order. */
export async function articleNames(list: Locator): Promise<string[]> {
  await expect(list).toBeVisible();
  return list
    .getByRole("article")
    .evaluateAll((articles) => articles.map((article) => article.getAttribute("aria-label") ?? ""));
}

/** The accessible names (aria-label) of a table's body rows, in order. */
export async function rowNames(table: Locator): Promise<string[]> {
  await expect(table).toBeVisible();
  return table
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("aria-label") ?? ""));
}
