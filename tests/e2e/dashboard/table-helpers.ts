import type { Locator, Page } from "@playwright/test";

/**
 * The paged dashboard lists (Mailing List, Apps & Tools, Employees) at desktop width: a table
 * named after the list, a row per item, and each row's actions in a menu.
 */

/** The table of a dashboard list, by its name ("Apps", "Employees", "Subscribers"). */
export function listTable(page: Page, name: string): Locator {
  return page.getByRole("table", { name, exact: true });
}

/** The row of the table that shows `text` (a name, an address). */
export function tableRow(page: Page, table: string, text: string): Locator {
  return listTable(page, table).getByRole("row").filter({ hasText: text });
}

/** Opens the actions menu of the item called `name` and picks `action` ("Edit", "Delete"). */
export async function chooseRowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}
