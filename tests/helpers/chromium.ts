import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/**
 * How every test launches Chromium: the browser tests (playwright.config.ts) and the tests that
 * render something without the site's server (the newsletter's layout). CHROMIUM_PATH names
 * another build; otherwise the machine's own.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? chromiumPath(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
} satisfies LaunchOptions;

/**
 * The machine's Chromium: its headless shell where installed (the browser without a window, which
 * Playwright itself uses for headless runs: about a third less CPU per test), else the browser.
 */
function chromiumPath(): string {
  const shell = "/usr/bin/chromium-headless-shell";
  return existsSync(shell) ? shell : "/usr/bin/chromium";
}
