import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import type { StaffRole } from "#common/access.ts";
import { loadConfig } from "#server/config/env.server.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/db.server.ts";
import {
  createEmployee,
  createLogin,
  fakePassword,
  hashPassword,
} from "#tests/factories/employee.ts";
import { testAuth } from "#tests/helpers/test-auth.ts";

/** Widths the pages must work at (SPEC: small screens get a toggle menu and dropdowns). */
export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 812 };

type Fixtures = {
  /** Console errors and uncaught exceptions fail the test unless listed in `allowedConsoleErrors`. */
  allowedConsoleErrors: RegExp[];
  failOnPageErrors: undefined;
};

/** A staff member with a login on the e2e server. */
export type StaffMember = {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
};

type WorkerFixtures = {
  /** The e2e server's database, for arranging data the public API cannot create. */
  db: DatabaseHandle["db"];
  /** Creates an employee record with a login (a unique e-mail each time). */
  createStaff: (options?: {
    role?: StaffRole;
    isActive?: boolean;
    firstName?: string;
  }) => Promise<StaffMember>;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  allowedConsoleErrors: [[], { option: true }],

  // Nothing leaves the machine: requests to other hosts are answered with an error at once,
  // so a page's outside embeds (videos, thumbnails) fail fast and the same way every run.
  context: async ({ context }, use) => {
    await context.route(
      (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
      (route) => route.abort("blockedbyclient"),
    );
    await use(context);
  },

  // A page that arrives as HTML is ready for a person only once React has hydrated it (the root
  // component marks <html data-hydrated>); a click or a keystroke before that is lost. Every
  // navigation by page.goto therefore waits for the mark, unless JavaScript is off.
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const isHtml = response?.headers()["content-type"]?.startsWith("text/html") ?? false;
      if (javaScriptEnabled !== false && isHtml) {
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      }
      return response;
    };
    await use(page);
  },

  failOnPageErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`Uncaught: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        // A blocked outside request or an image the test removed on purpose shows up here.
        if (/Failed to load resource|ERR_BLOCKED_BY_CLIENT/.test(text)) return;
        if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
        errors.push(text);
      });
      await use(undefined);
      expect(errors, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],

  db: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const dataDir = process.env.E2E_DATA_DIR;
      if (!dataDir)
        throw new Error("E2E_DATA_DIR is not set: run the specs through playwright.config.ts");
      const handle = openDatabase({ dataDir });
      await use(handle.db);
      await handle.close();
    },
    { scope: "worker" },
  ],

  createStaff: [
    async ({ db }, use) => {
      const config = loadConfig({ DATA_DIR: process.env.E2E_DATA_DIR, SEED_DEMO: "0" });
      const auth = testAuth(db, config);
      // One password per worker, hashed once with the server's real hash: each staff member
      // still has a login of their own, and signs in through the server's check of that hash.
      const password = fakePassword();
      const passwordHash = await hashPassword(auth, password);
      await use(async ({ role = "employee", isActive = true, firstName = "Sam" } = {}) => {
        const employee = await createEmployee(db, { role, isActive, firstName });
        await createLogin(db, auth, { email: employee.email, password, passwordHash });
        return {
          id: employee.id,
          email: employee.email,
          password,
          firstName: employee.firstName,
          lastName: employee.lastName,
          role,
        };
      });
    },
    { scope: "worker" },
  ],
});

/**
 * Signs the page's browser context in as this staff member through the sign-in endpoint (the
 * /login form itself is tested in staff-sign-in.spec.ts); the session cookie lands in the context.
 */
export async function signInAs(page: Page, who: { email: string; password: string }) {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: who.email, password: who.password },
    headers: { origin: String(test.info().project.use.baseURL) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export { expect };

/**
 * Fails when axe-core finds a serious or critical accessibility violation on the page. `exclude`
 * names what is left out: an e-mail shown in a sandboxed frame is the e-mail, not the page, and
 * its sandbox lets no script in, axe's included (axe would wait for the frame until the test's
 * time runs out).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { exclude = [] }: { exclude?: string[] } = {},
) {
  await finishTransitions(page);
  // Legacy mode runs axe in the page itself. The default mode finishes each scan in a new blank
  // page, made and closed for every call (half of the scan's time), to gather results from
  // frames of other origins; the pages' only such frames are outside embeds, which never load in
  // the tests, and the sandboxed e-mail preview, which is left out (above).
  let axe = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true);
  for (const selector of exclude) axe = axe.exclude(selector);
  const results = await axe.analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

/**
 * Waits for the page's running CSS transitions and finite animations to end. A colour caught
 * halfway (a button just pressed fading to its new background) is not what anyone reads, and
 * axe would judge its contrast all the same. Endless animations (skeleton pulses) are left alone.
 */
async function finishTransitions(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === "running")
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** True when the page can be scrolled sideways (it must not be, at any width). */
export async function hasHorizontalScroll(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

/**
 * Watches, inside the browser, for the first toast of a page that goes somewhere else soon
 * after: an init script notes what the first toast said (in sessionStorage, which survives the
 * navigation), so the test does not depend on polling fast enough to catch a toast that is only
 * on screen for half a second. Call before goto.
 */
export async function watchToastThenNavigation(page: Page) {
  await page.addInitScript(() => {
    const note = () => {
      if (sessionStorage.getItem("toast-role") !== null) return;
      const toast = document.querySelector('[data-slot="toast"]');
      if (toast) {
        sessionStorage.setItem("toast-role", toast.getAttribute("role") ?? "");
        sessionStorage.setItem("toast-text", toast.textContent ?? "");
      }
    };
    new MutationObserver(note).observe(document, { childList: true, subtree: true });
  });
  return {
    /** The first toast: its role and text (call on the page navigated to). */
    toast: () =>
      page.evaluate(() => ({
        role: sessionStorage.getItem("toast-role"),
        text: sessionStorage.getItem("toast-text"),
      })),
  };
}

/**
 * Checks that the page waits exactly `delayMs` before it goes to `url`, on the page's own clock:
 * Playwright's fake clock, installed before the page loads (`page.clock.install()`) and paused
 * here, so a busy machine's slow render cannot shorten or lengthen the wait. The Navigation API's
 * navigate event fires the moment the page asks to go anywhere, so "not yet" is exact too.
 */
export async function expectNavigationAfter(page: Page, delayMs: number, url: string) {
  await page.evaluate(() => {
    navigation.addEventListener("navigate", (event) => {
      sessionStorage.setItem("leaving-for", event.destination.url);
    });
  });
  await page.clock.runFor(delayMs - 1);
  expect(await page.evaluate(() => sessionStorage.getItem("leaving-for"))).toBeNull();
  await page.clock.runFor(1);
  await page.waitForURL(url);
}
