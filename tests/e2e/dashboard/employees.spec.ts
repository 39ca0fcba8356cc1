import type { Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  MOBILE,
  signInAs,
  test,
  watchToastThenNavigation,
} from "#tests/e2e/fixtures.ts";
import { startOwnServer } from "#tests/e2e/own-server.ts";
import { chooseRowAction } from "./table-helpers.ts";

// Employee Management (docs/product/dashboard.md#employees-section, #employee-form,
// docs/product/access.md#who-may-do-what) as an admin uses it.

function uniqueEmail(name: string): string {
  return `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** An employee's row: a table row on wide screens, a list item on phones. */
function card(page: Page, name: string) {
  return page.locator("tr, li").filter({ hasText: name, visible: true });
}

/** Narrows the list to what matches `text`, as a person would type it. */
async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search employees" }).fill(text);
  await expect(page.getByText(/^Showing 1–1 of 1 employee$/)).toBeVisible();
}

test.describe("employee management", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("an admin adds, edits and deletes an employee through the dialog", async ({
    page,
    createStaff,
  }) => {
    // A long walk through the whole dialog: give it room on a busy machine.
    test.slow();
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    await page.goto(`/dashboard/employees?q=${encodeURIComponent(admin.email)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Employees" })).toBeVisible();
    await expect(card(page, `${admin.firstName} ${admin.lastName}`)).toBeVisible();

    // Every validation message of the form, before anything is sent.
    await page.getByRole("button", { name: "Add Employee" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Employee" });
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    await expect(dialog.getByText("Invalid email address", { exact: true })).toBeVisible();
    await expect(dialog.getByText("First name is required")).toBeVisible();
    await expect(dialog.getByText("Last name is required")).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Email").fill("not-an-address");
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    await expect(dialog.getByText("Invalid email address", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("switch", { name: "Active" })).toBeChecked();
    await expect(
      dialog.getByText("When active, this employee can access the dashboard."),
    ).toBeVisible();

    const email = uniqueEmail("riley");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("First name").fill("Riley");
    await dialog.getByLabel("Last name").fill("Builder");
    await dialog.getByLabel("Role").selectOption("admin");
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Employee added successfully!" }),
    ).toBeVisible();

    // The invitation link, to copy and pass on.
    const invitation = page.getByRole("dialog", { name: "Invitation link" });
    const link = invitation.getByLabel("Invitation link");
    await expect(link).toHaveValue(/\/invite\/[\w-]+\.[\w-]+$/);
    await invitation.getByRole("button", { name: "Copy link" }).click();
    await expect(invitation.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    await invitation.getByRole("button", { name: "Done" }).click();
    await expect(invitation).toBeHidden();

    await search(page, email);
    const riley = card(page, "Riley Builder");
    await expect(riley).toContainText(email);
    await expect(riley.getByText("Admin", { exact: true })).toBeVisible();
    await expect(riley.getByText("Active", { exact: true })).toBeVisible();
    await expect(riley.getByText("Invitation pending")).toBeVisible();

    // Edit: the same dialog, filled in.
    await chooseRowAction(page, "Riley Builder", "Edit");
    const edit = page.getByRole("dialog", { name: "Edit Employee" });
    await expect(edit.getByLabel("Email")).toHaveValue(email);
    await expect(edit.getByLabel("Role")).toHaveValue("admin");
    await edit.getByLabel("Last name").fill("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByText("Last name is required")).toBeVisible();
    await edit.getByLabel("Last name").fill("Mason");
    await edit.getByLabel("Role").selectOption("employee");
    await edit.getByRole("switch", { name: "Active" }).click();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Employee updated successfully!" }),
    ).toBeVisible();
    const mason = card(page, "Riley Mason");
    await expect(mason.getByText("Employee", { exact: true })).toBeVisible();
    await expect(mason.getByText("Inactive", { exact: true })).toBeVisible();

    // Delete asks first; Cancel keeps the employee.
    await chooseRowAction(page, "Riley Mason", "Delete");
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete this employee?");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(mason).toBeVisible();
    await chooseRowAction(page, "Riley Mason", "Delete");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Employee deleted successfully!" }),
    ).toBeVisible();
    await expect(mason).toHaveCount(0);
  });

  test("an e-mail that is already on the list gets the server's message", async ({
    page,
    createStaff,
  }) => {
    const admin = await createStaff({ role: "admin" });
    const other = await createStaff();
    await signInAs(page, admin);
    await page.goto("/dashboard/employees");
    await page.getByRole("button", { name: "Add Employee" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Employee" });
    await dialog.getByLabel("Email").fill(other.email.toUpperCase());
    await dialog.getByLabel("First name").fill("Copy");
    await dialog.getByLabel("Last name").fill("Cat");
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText(
      "An employee with that email address already exists.",
    );
    await expect(dialog).toBeVisible();
  });

  test("shows 'Loading employees...' while the list loads", async ({ page, createStaff }) => {
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    // Hold the list back until the loading text has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/employees?**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/dashboard/employees");
    await expect(
      page.getByRole("status").filter({ hasText: "Loading employees..." }),
    ).toBeVisible();
    release();
    await expect(page.getByRole("table", { name: "Employees" })).toBeVisible();
    await expect(page.getByText("Loading employees...")).toHaveCount(0);
  });

  test("a plain employee has no Employees section", async ({ page, createStaff }) => {
    const employee = await createStaff({ role: "employee" });
    await signInAs(page, employee);
    await page.goto("/dashboard");
    const sections = page.getByRole("navigation", { name: "Dashboard sections" });
    await expect(sections.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "Employees" })).toHaveCount(0);
    const response = await page.goto("/dashboard/employees");
    expect(response?.status()).toBe(404);
  });

  test("an invited employee sets a password in a fresh browser and reaches the dashboard; deactivated, they are shut out", async ({
    page,
    browser,
    createStaff,
  }) => {
    test.slow();
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    await page.goto("/dashboard/employees");
    await page.getByRole("button", { name: "Add Employee" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Employee" });
    const email = uniqueEmail("jordan");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("First name").fill("Jordan");
    await dialog.getByLabel("Last name").fill("Newcomer");
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    const url = await page
      .getByRole("dialog", { name: "Invitation link" })
      .getByLabel("Invitation link")
      .inputValue();
    await page.getByRole("button", { name: "Done" }).click();

    const fresh = await browser.newContext();
    const invitee = await fresh.newPage();
    try {
      await invitee.goto(new URL(url).pathname);
      await expect(invitee.getByRole("heading", { level: 1 })).toContainText("Jordan");
      // The strength rule is shown before anything is submitted.
      await expect(invitee.getByText("Use at least 12 characters.")).toBeVisible();
      const password = "jordans-own-password";
      await invitee.getByLabel("Password", { exact: true }).fill(password);
      await invitee.getByLabel("Confirm password").fill(password);
      await invitee.getByRole("button", { name: /Set password/ }).click();
      await expect(invitee).toHaveURL("/dashboard");
      await expect(
        invitee.getByRole("heading", { level: 1, name: "Welcome, Jordan!" }),
      ).toBeVisible();

      // The link worked once.
      await invitee.goto(new URL(url).pathname);
      await expect(invitee.getByText("This invitation link has already been used.")).toBeVisible();

      // The admin deactivates Jordan: the open session stops working at once.
      await page.goto(`/dashboard/employees?q=${encodeURIComponent(email)}`);
      const jordan = card(page, "Jordan Newcomer");
      await expect(jordan).toBeVisible();
      await expect(jordan.getByText("Invitation pending")).toHaveCount(0);
      await chooseRowAction(page, "Jordan Newcomer", "Edit");
      const edit = page.getByRole("dialog", { name: "Edit Employee" });
      await edit.getByRole("switch", { name: "Active" }).click();
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Employee updated successfully!" }),
      ).toBeVisible();

      const timing = await watchToastThenNavigation(invitee);
      await invitee.goto("/dashboard");
      await invitee.waitForURL(/\/login/);
      expect((await timing.toast()).text).toContain("You are logged out. Logging in again...");
      await invitee.getByLabel("Email").fill(email);
      await invitee.getByLabel("Password").fill(password);
      await invitee.getByRole("button", { name: "Sign in" }).click();
      await expect(invitee.getByRole("heading", { level: 1, name: "No access" })).toBeVisible();
    } finally {
      await fresh.close();
    }
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`has no serious accessibility violations and no sideways scroll at ${viewport.width}px`, async ({
      page,
      createStaff,
    }) => {
      // An axe run over a list that holds every employee the run has made so far.
      test.slow();
      const admin = await createStaff({ role: "admin" });
      await signInAs(page, admin);
      await page.setViewportSize(viewport);
      await page.goto("/dashboard/employees");
      await expect(page.getByText(/^Showing 1–/)).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectNoSeriousA11yViolations(page);
      await page.goto(`/dashboard/employees?q=${encodeURIComponent(admin.email)}`);
      await expect(card(page, `${admin.firstName} ${admin.lastName}`)).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await page.getByRole("button", { name: "Add Employee" }).click();
      await expect(page.getByRole("dialog", { name: "Add Employee" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("first start: the owner adds themselves", () => {
  const owner = { email: "owner@first-start.test", password: "owner-first-start-pw" };
  let server: Awaited<ReturnType<typeof startOwnServer>>;
  test.beforeAll(async () => {
    server = await startOwnServer({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("initial setup mode until the owner is on the employee list", async ({ page }) => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${server.url}/dashboard`);
    const warning = page.getByText(
      "Initial Setup Mode: Please add yourself as an employee in the Employees section to complete setup.",
    );
    await expect(warning).toBeVisible();

    await page.getByRole("link", { name: "Go to Employees" }).click();
    await expect(page).toHaveURL(`${server.url}/dashboard/employees`);
    await expect(page.getByText("No employees added yet")).toBeVisible();
    await page.getByRole("button", { name: "Add First Employee" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Employee" });
    await dialog.getByLabel("Email").fill(owner.email);
    await dialog.getByLabel("First name").fill("Olive");
    await dialog.getByLabel("Last name").fill("Owner");
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Employee added successfully!" }),
    ).toBeVisible();
    // The owner can sign in already: no invitation link.
    await expect(page.getByRole("dialog", { name: "Invitation link" })).toHaveCount(0);
    const ownCard = card(page, "Olive Owner");
    await expect(ownCard.getByText("Owner", { exact: true })).toBeVisible();
    await expect(ownCard.getByText("Admin", { exact: true })).toBeVisible();
    // The owner's record can be edited but never deleted.
    await ownCard.getByRole("button", { name: "Actions for Olive Owner" }).click();
    await expect(page.getByRole("menuitem", { name: "Edit" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Delete" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    await page
      .getByRole("navigation", { name: "Dashboard sections" })
      .getByRole("link", { name: "Dashboard" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Olive!" })).toBeVisible();
    await expect(warning).toHaveCount(0);
  });
});
