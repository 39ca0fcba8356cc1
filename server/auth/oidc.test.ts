import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "#common/types/user.ts";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config/env.server.ts";
import { createServerContext } from "#server/create-context.server.ts";
import { createEmployee, createLogin, fakeEmployee } from "#tests/factories/employee.ts";
import {
  createBrowser,
  type OidcTestProvider,
  startOidcProvider,
} from "#tests/fakes/oidc-provider.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { listen } from "#tests/helpers/test-server.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";
import { type Auth, OIDC_REFUSALS } from "./auth.server.ts";
import { ensureOwnerAccount } from "./owner.server.ts";

const OWNER = { ADMIN_EMAIL: "owner@oidc.test", ADMIN_PASSWORD: "owner-oidc-password" };

// Staff sign-in through an OpenID Connect provider: the certified `oidc-provider` package runs
// on loopback, and a cookie-keeping browser walks through its login and consent forms.

describeEachDatabase("sign-in through an OpenID Connect provider", (kind) => {
  let database: TestDatabase;
  let provider: OidcTestProvider;
  let http: Server;
  let siteUrl: string;
  let auth: Auth;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // The site's URL must be known before its configuration: the provider checks the
    // redirect URI it derives from SITE_URL.
    http = createServer();
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    siteUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    provider = await startOidcProvider(siteUrl);
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      SEED_DEMO: "0",
      SITE_URL: siteUrl,
      ...OWNER,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
    const context = createServerContext({ db: database.handle.db, config });
    auth = context.auth;
    await ensureOwnerAccount({ db: database.handle.db, auth, config });
    http.on("request", createApp({ handle: database.handle, context }));
  });
  afterAll(async () => {
    http?.closeAllConnections();
    await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
    await provider?.close();
    await database?.destroy();
  });
  const db = () => database.handle.db;

  async function currentUser(browser: ReturnType<typeof createBrowser>) {
    const response = await fetch(`${siteUrl}/api/auth/user`, {
      headers: { cookie: browser.cookieHeader(siteUrl) },
    });
    return { status: response.status, user: (await response.json()) as CurrentUser };
  }

  it("sends /api/login to the provider's authorization endpoint with PKCE", async () => {
    const response = await fetch(`${siteUrl}/api/login?returnTo=%2Fdashboard`, {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get("client_id")).toBe(provider.clientId);
    expect(location.searchParams.get("redirect_uri")).toBe(`${siteUrl}/api/auth/callback/oidc`);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining(["openid", "email"]),
    );
  });

  it("signs in an invited employee by verified e-mail and lands on returnTo", async () => {
    const employee = await createEmployee(db(), { firstName: "Olga" });
    provider.accounts.set("olga", { email: employee.email.toUpperCase(), emailVerified: true });
    const browser = createBrowser();
    const landed = await browser.signInThrough(
      `${siteUrl}/api/login?returnTo=%2Fdashboard%3Fsection%3Dposts`,
      siteUrl,
      "olga",
    );
    expect(`${landed.pathname}${landed.search}`).toBe("/dashboard?section=posts");
    const { status, user } = await currentUser(browser);
    expect(status).toBe(200);
    expect(user).toMatchObject({ email: employee.email, firstName: "Olga", role: "employee" });
  });

  it("links the provider to an employee who already has a password login", async () => {
    const employee = await createEmployee(db(), { role: "admin" });
    const { userId } = await createLogin(db(), auth, { email: employee.email });
    provider.accounts.set("existing", { email: employee.email, emailVerified: true });
    const browser = createBrowser();
    const landed = await browser.signInThrough(`${siteUrl}/api/login`, siteUrl, "existing");
    expect(landed.pathname).toBe("/dashboard");
    const { user } = await currentUser(browser);
    expect(user).toMatchObject({ id: userId, role: "admin" });
    const accounts = await db()
      .selectFrom("accounts")
      .select("providerId")
      .where("userId", "=", userId)
      .execute();
    expect(accounts.map((a) => a.providerId).sort()).toEqual(["credential", "oidc"]);
  });

  it("signs in the owner by ADMIN_EMAIL even before their employee record exists", async () => {
    provider.accounts.set("owner", { email: OWNER.ADMIN_EMAIL, emailVerified: true });
    const browser = createBrowser();
    await browser.signInThrough(`${siteUrl}/api/login`, siteUrl, "owner");
    const { user } = await currentUser(browser);
    expect(user).toMatchObject({ email: OWNER.ADMIN_EMAIL, role: "admin", isInitialSetup: true });
  });

  it("refuses a provider account whose e-mail no employee record names, creating nothing", async () => {
    const { email } = fakeEmployee();
    provider.accounts.set("stranger", { email, emailVerified: true });
    const browser = createBrowser();
    const landed = await browser.signInThrough(`${siteUrl}/api/login`, siteUrl, "stranger");
    expect(landed.pathname).toBe("/login");
    expect(landed.searchParams.get("error")).toBe(OIDC_REFUSALS.notStaff);
    expect((await currentUser(browser)).status).toBe(401);
    const users = await db().selectFrom("users").select("id").where("email", "=", email).execute();
    expect(users).toEqual([]);
  });

  it("refuses an employee's e-mail that the provider has not verified", async () => {
    const employee = await createEmployee(db());
    provider.accounts.set("unverified", { email: employee.email, emailVerified: false });
    const browser = createBrowser();
    const landed = await browser.signInThrough(`${siteUrl}/api/login`, siteUrl, "unverified");
    expect(landed.pathname).toBe("/login");
    expect(landed.searchParams.get("error")).toBe(OIDC_REFUSALS.unverified);
    expect((await currentUser(browser)).status).toBe(401);
  });

  describe("an inactive employee", () => {
    it("signs in but has no access", async () => {
      const employee = await createEmployee(db(), { isActive: false });
      provider.accounts.set("inactive", { email: employee.email, emailVerified: true });
      const browser = createBrowser();
      await browser.signInThrough(`${siteUrl}/api/login`, siteUrl, "inactive");
      const { user } = await currentUser(browser);
      expect(user.role).toBeNull();
    });
  });
});

describeEachDatabase("an identity provider that cannot be reached", (kind) => {
  it("sends /api/login to the e-mail and password form with a message instead", async () => {
    // Discovery and the sign-in attempt each report the unreachable provider.
    allowConsoleError(10);
    const database = await createTestDatabase(kind);
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      SEED_DEMO: "0",
      OIDC_ISSUER: "http://127.0.0.1:9",
      OIDC_CLIENT_ID: "studio-site",
      OIDC_CLIENT_SECRET: "secret",
    });
    const app = createApp({
      handle: database.handle,
      context: createServerContext({ db: database.handle.db, config }),
    });
    const server = await listen(app);
    try {
      const response = await fetch(`${server.url}/api/login`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login?error=provider_unavailable");
    } finally {
      await server.close();
      await database.destroy();
    }
  });
});
