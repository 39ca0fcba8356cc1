import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
} from "#tests/helpers/server-process.ts";
import { cookieHeaderFrom } from "#tests/helpers/staff.ts";

// The sign-in pages of the production build, driven as a browser without JavaScript would:
// server-rendered forms posted to their React Router actions.

const OWNER = { ADMIN_EMAIL: "owner@pages.test", ADMIN_PASSWORD: "owner-pages-password" };

// On SQLite only: the forms, their answers and redirects are the same on either database, and
// what sign-in, invitations, resets and sessions store is proved on both by the API suites
// (server/api/auth).
describe("sign-in pages [sqlite]", () => {
  let data: ServerData;
  let server: ServerProcess;
  beforeAll(async () => {
    data = await createServerData("sqlite");
    server = await startServerProcess({ ...data.env, ...OWNER });
  });
  afterAll(async () => {
    await killServerProcesses();
    await data?.destroy();
  });

  function get(path: string, cookie = "") {
    return fetch(server.url + path, { redirect: "manual", headers: cookie ? { cookie } : {} });
  }

  function postForm(path: string, fields: Record<string, string>, cookie = "") {
    return fetch(server.url + path, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields),
    });
  }

  function postJson(path: string, body: unknown, cookie: string, method = "POST") {
    return fetch(server.url + path, {
      method,
      headers: { "content-type": "application/json", origin: server.url, cookie },
      body: JSON.stringify(body),
    });
  }

  async function signIn(email: string, password: string, returnTo = "/dashboard") {
    const response = await postForm("/login", { email, password, returnTo });
    expect(response.status, await response.clone().text()).toBe(302);
    return { location: response.headers.get("location"), cookie: cookieHeaderFrom(response) };
  }

  it("answers a signed-out visit to /dashboard with 401 and a way to sign in and come back", async () => {
    const dashboard = await get("/dashboard/employees");
    expect(dashboard.status).toBe(401);
    const html = await dashboard.text();
    expect(html).toContain("You are logged out");
    // Without JavaScript (no toast, no timed redirect) the link still leads there and back.
    expect(html).toContain('href="/api/login?returnTo=%2Fdashboard%2Femployees"');
    const login = await get("/api/login?returnTo=%2Fdashboard%2Femployees");
    expect(login.headers.get("location")).toBe("/login?returnTo=%2Fdashboard%2Femployees");
  });

  it("renders /login with the Email and Password inputs and the Sign in button", async () => {
    const response = await get("/login");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<label[^>]*for="login-email"[^>]*>Email<\/label>/);
    expect(html).toMatch(/<label[^>]*for="login-password"[^>]*>Password<\/label>/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Sign in<\/button>/);
    expect(html).toContain('name="returnTo" value="/dashboard"');
  });

  it("says only 'Invalid email or password.' for a wrong password or an unknown e-mail", async () => {
    for (const [email, password] of [
      [OWNER.ADMIN_EMAIL, "wrong-password-here"],
      ["nobody@pages.test", OWNER.ADMIN_PASSWORD],
    ] as const) {
      const response = await postForm("/login", { email, password, returnTo: "/dashboard" });
      expect(response.status).toBe(401);
      expect(response.headers.getSetCookie()).toEqual([]);
      const html = await response.text();
      expect(html).toContain("Invalid email or password.");
      expect(html).toContain(`value="${email}"`);
    }
  });

  it("signs the owner in, lands on /dashboard in initial setup, and shows Logout in the navigation", async () => {
    const { location, cookie } = await signIn(OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    expect(location).toBe("/dashboard");
    const dashboard = await get("/dashboard", cookie);
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).toContain(
      "Initial Setup Mode: Please add yourself as an employee in the Employees section to complete setup.",
    );
    expect(html).toContain("Welcome, owner!");
    const home = await (await get("/", cookie)).text();
    expect(home).toContain('href="/api/logout"');
    // A signed-in visitor on /login goes straight on.
    expect((await get("/login", cookie)).headers.get("location")).toBe("/dashboard");
  });

  it("refuses a sign-in form posted from another site", async () => {
    const fields = { email: OWNER.ADMIN_EMAIL, password: OWNER.ADMIN_PASSWORD };
    for (const headers of [
      { origin: "https://evil.example" },
      { referer: "https://evil.example/phish" },
      { cookie: "studio.session_token=x", referer: "" },
    ] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(fields),
      });
      // Refused in front of React Router, whose own check would answer 400 and log an error.
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("lands on a safe returnTo and ignores one that leaves the site", async () => {
    expect((await signIn(OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD, "/news")).location).toBe("/news");
    for (const returnTo of ["//evil.com", "https://evil.com", "/\\evil.com"]) {
      expect((await signIn(OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD, returnTo)).location).toBe(
        "/dashboard",
      );
    }
  });

  // Values that resolve (as browsers resolve URLs) to "//evil.test", another host, when sent
  // as a Location; query-string encoded as a link would carry them.
  const LEAVING_RETURN_TO = [
    "/.//evil.test",
    "/..//evil.test",
    "/%2e//evil.test",
    "/%2E%2E//evil.test",
    "/.%2e//evil.test",
    "/news/..//evil.test",
    "/.//evil.test/dashboard?x=1",
    "/./\\evil.test",
    "/.\\/evil.test",
    "/%2e/\\evil.test",
  ];

  it("sends a signed-in visitor on /login to the dashboard, never off the site through dot segments", async () => {
    const { cookie } = await signIn(OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    for (const returnTo of LEAVING_RETURN_TO) {
      const response = await get(`/login?returnTo=${encodeURIComponent(returnTo)}`, cookie);
      expect(response.status, returnTo).toBe(302);
      expect(response.headers.get("location"), returnTo).toBe("/dashboard");
    }
    // A path inside the site is followed, with its dot segments resolved.
    const inside = await get(
      `/login?returnTo=${encodeURIComponent("/news/./../%2e/blog")}`,
      cookie,
    );
    expect(inside.headers.get("location")).toBe("/blog");
  });

  it("lands a form sign-in on the dashboard, never off the site through dot segments", async () => {
    for (const returnTo of LEAVING_RETURN_TO) {
      const { location } = await signIn(OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD, returnTo);
      expect(location, returnTo).toBe("/dashboard");
    }
  });

  it("offers a returnTo that leaves the site to nobody: the sign-in form carries the dashboard", async () => {
    const response = await get(`/login?returnTo=${encodeURIComponent("/.//evil.test")}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('name="returnTo" value="/dashboard"');
  });

  it("lets an invited employee choose a password once and reach the dashboard; shuts them out when deactivated", async () => {
    const owner = await signIn(OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    const added = await postJson(
      "/api/employees",
      { email: "ivy@pages.test", firstName: "Ivy", lastName: "Invited" },
      owner.cookie,
    );
    expect(added.status).toBe(201);
    const { id, invitation } = (await added.json()) as { id: string; invitation: { url: string } };
    const path = new URL(invitation.url).pathname;

    const page = await get(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Welcome, Ivy!");
    expect(html).toContain("Use at least 12 characters.");

    const short = await postForm(path, { password: "short", confirmPassword: "short" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Use at least 12 characters.");
    const mismatch = await postForm(path, {
      password: "a-long-enough-password",
      confirmPassword: "another-long-password",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The two passwords do not match.");

    const password = "ivys-chosen-password";
    const accepted = await postForm(path, { password, confirmPassword: password });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/dashboard");
    const ivy = cookieHeaderFrom(accepted);
    const dashboard = await get("/dashboard", ivy);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Welcome, Ivy!");
    // A plain employee has no Employees section, neither in the sidebar nor at its address.
    expect(await (await get("/dashboard", ivy)).text()).not.toContain(
      'href="/dashboard/employees"',
    );
    expect((await get("/dashboard/employees", ivy)).status).toBe(404);
    expect((await get("/dashboard/employees", owner.cookie)).status).toBe(200);
    expect((await get("/dashboard/no-such-section", owner.cookie)).status).toBe(404);

    const reused = await get(path);
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain("This invitation link has already been used.");
    const invalid = await get("/invite/not-a-real-token");
    expect(invalid.status).toBe(404);
    expect(await invalid.text()).toContain("This invitation link is not valid.");

    const deactivated = await postJson(
      `/api/employees/${id}`,
      { email: "ivy@pages.test", firstName: "Ivy", lastName: "Invited", isActive: false },
      owner.cookie,
      "PUT",
    );
    expect(deactivated.status).toBe(200);
    // Her session ended at once; signing in again shows "no access", not a redirect loop.
    expect((await get("/dashboard", ivy)).status).toBe(401);
    const again = await signIn("ivy@pages.test", password);
    const noAccess = await get("/dashboard", again.cookie);
    expect(noAccess.status).toBe(403);
    expect(await noAccess.text()).toContain("No access");
  });

  it("signs out through /api/logout and the old cookie no longer opens the dashboard", async () => {
    const { cookie } = await signIn(OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    const logout = await get("/api/logout", cookie);
    expect(logout.status).toBe(302);
    expect(logout.headers.get("location")).toBe("/");
    expect((await get("/dashboard", cookie)).status).toBe(401);
  });
});
