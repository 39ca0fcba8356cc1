import { expect, expectNavigationAfter, signInAs, test } from "#tests/e2e/fixtures.ts";

// Staff sign-in and sign-out in a real browser, and what a visitor without a session or without
// access sees on the dashboard (docs/product/access.md#sign-in,
// docs/product/dashboard.md#dashboard-shell, docs/product/access.md#who-may-do-what).

test.describe("staff sign-in", () => {
  test("a staff member signs in with e-mail and password, lands on the dashboard and signs out", async ({
    page,
    createStaff,
  }) => {
    const staff = await createStaff({ firstName: "Morgan" });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    // Signed out, the logo is the way in.
    await nav.getByRole("link", { name: /staff sign in/ }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Staff sign in" })).toBeVisible();

    await page.getByLabel("Email").fill(staff.email);
    await page.getByLabel("Password").fill(staff.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Morgan!" })).toBeVisible();
    await expect(
      page.getByText("Here you can Add/Edit/Delete News and Marketplace Content from the Website."),
    ).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // Signed in, the logo does nothing.
    await expect(nav.getByRole("link", { name: /staff sign in/ })).toHaveCount(0);

    await nav.getByRole("link", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Logout" })).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => cookie.name.includes("session_token"))).toEqual([]);
  });

  test("a wrong password is refused without saying which part was wrong", async ({
    page,
    createStaff,
  }) => {
    const staff = await createStaff();
    await page.goto("/login");
    for (const [email, password] of [
      [staff.email, "not-the-right-password"],
      ["nobody-here@example.com", staff.password],
    ]) {
      await page.getByLabel("Email").fill(email ?? "");
      await page.getByLabel("Password").fill(password ?? "");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(
        page.getByRole("alert").filter({ hasText: "Invalid email or password." }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
    }
  });

  test("a signed-out visit to the dashboard shows 'Unauthorized' and goes to sign in 500 ms later, then back", async ({
    page,
    createStaff,
  }) => {
    const staff = await createStaff({ role: "admin" });
    // The page's timers wait for the test, so the half second is measured exactly.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto("/dashboard/employees");
    await expect(page.getByRole("alert")).toHaveText(
      "UnauthorizedYou are logged out. Logging in again...",
    );
    await expectNavigationAfter(page, 500, "/login?returnTo=%2Fdashboard%2Femployees");

    await page.getByLabel("Email").fill(staff.email);
    await page.getByLabel("Password").fill(staff.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/dashboard/employees");
    await expect(page.getByRole("heading", { level: 1, name: "Employees" })).toBeVisible();
  });

  test("a session that ends while the dashboard is open: the next call shows the toast and redirects", async ({
    page,
    createStaff,
    db,
  }) => {
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    await page.clock.install();
    await page.goto("/dashboard/employees");
    await expect(page.getByRole("heading", { level: 1, name: "Employees" })).toBeVisible();
    await expect(page.getByText("Loading employees...")).toHaveCount(0);
    // The session is revoked elsewhere (signed out in another tab, or deactivated by an admin).
    await db
      .deleteFrom("sessions")
      .where("userId", "in", db.selectFrom("users").select("id").where("email", "=", admin.email))
      .execute();
    // The next API call (adding an employee) answers 401.
    await page.getByRole("button", { name: "Add Employee" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Employee" });
    await dialog.getByLabel("Email").fill(`late-${Date.now()}@example.com`);
    await dialog.getByLabel("First name").fill("Late");
    await dialog.getByLabel("Last name").fill("Arrival");
    // From here the page's timers wait for the test, so the half second is measured exactly.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "UnauthorizedYou are logged out. Logging in again...",
    );
    await expectNavigationAfter(page, 500, "/login?returnTo=%2Fdashboard%2Femployees");
  });

  test("a signed-in account without staff access sees 'No access', not a redirect loop", async ({
    page,
    createStaff,
  }) => {
    const former = await createStaff({ isActive: false });
    await signInAs(page, former);
    const response = await page.goto("/dashboard");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "No access" })).toBeVisible();
    await expect(page).toHaveURL("/dashboard");
    // The navigation still knows they are signed in, and they can sign out from here.
    await page.getByRole("link", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in form is sent by the browser itself and signs in", async ({
    page,
    createStaff,
  }) => {
    const staff = await createStaff({ firstName: "Robin" });
    await page.goto("/login");
    await page.getByLabel("Email").fill(staff.email);
    await page.getByLabel("Password").fill(staff.password);
    // A plain form POST: the browser sets its Origin header by the page's referrer policy.
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/dashboard");
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.name.includes("session_token"))).toBe(true);
  });
});
