import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_CREDENTIALS_MESSAGE } from "#common/schemas/auth.ts";
import type { CurrentUser } from "#common/types/user.ts";
import { createEmployee, createLogin, fakePassword } from "#tests/factories/employee.ts";
import { readError } from "#tests/helpers/http.ts";
import {
  cookieHeaderFrom,
  OWNER_ENV,
  requestAs,
  sessionCookie,
  sessionToken,
  signIn,
  signInAs,
  signInRequest,
} from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

describeEachDatabase("sign-in and sessions", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { ...OWNER_ENV });
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;

  describe("GET /api/auth/user", () => {
    it("answers 401 JSON when signed out or with a cookie that is not a session", async () => {
      await readError(await server.request("/api/auth/user"), 401);
      const forged = await requestAs(
        server,
        { cookie: "studio.session_token=abc.def" },
        "/api/auth/user",
      );
      await readError(forged, 401);
    });

    it("answers the employee's id, email, firstName, isInitialSetup and role", async () => {
      const admin = await signInAs(server, "admin");
      const response = await requestAs(server, admin, "/api/auth/user");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const user = (await response.json()) as CurrentUser;
      expect(Object.keys(user).sort()).toEqual(
        ["email", "firstName", "id", "isInitialSetup", "role"].sort(),
      );
      expect(user).toMatchObject({
        email: admin.email,
        firstName: "Alex",
        isInitialSetup: false,
        role: "admin",
      });
    });

    it("shows a signed-in account without access with no role", async () => {
      for (const viewer of ["no-access", "inactive"] as const) {
        const who = await signInAs(server, viewer);
        const user = (await (await requestAs(server, who, "/api/auth/user")).json()) as CurrentUser;
        expect(user).toMatchObject({ email: who.email, isInitialSetup: false, role: null });
      }
    });

    it("keeps the owner in initial setup until their own employee record exists", async () => {
      const owner = await signInAs(server, "owner");
      const before = (await (
        await requestAs(server, owner, "/api/auth/user")
      ).json()) as CurrentUser;
      expect(before).toMatchObject({
        email: OWNER_ENV.ADMIN_EMAIL,
        firstName: null,
        isInitialSetup: true,
        role: "admin",
      });
      const added = await requestAs(server, owner, "/api/employees", {
        method: "POST",
        body: {
          email: OWNER_ENV.ADMIN_EMAIL.toUpperCase(),
          firstName: "Olive",
          lastName: "Owner",
          role: "admin",
        },
      });
      expect(added.status).toBe(201);
      expect((await added.json()).invitation).toBeNull();
      const after = (await (
        await requestAs(server, owner, "/api/auth/user")
      ).json()) as CurrentUser;
      expect(after).toMatchObject({ firstName: "Olive", isInitialSetup: false, role: "admin" });
    });
  });

  describe("POST /api/auth/sign-in/email", () => {
    it("answers one message for a wrong password and for an unknown e-mail", async () => {
      const employee = await signInAs(server, "employee");
      const wrongPassword = await signInRequest(server, employee.email, "not-the-password");
      const unknown = await signInRequest(server, "nobody@example.com", employee.password);
      for (const response of [wrongPassword, unknown]) {
        const body = await readError(response, 401);
        expect(body.message).toBe(INVALID_CREDENTIALS_MESSAGE);
        expect(response.headers.getSetCookie()).toEqual([]);
      }
    });

    it("sets an HttpOnly, SameSite=Lax session cookie without Secure on an http site", async () => {
      const employee = await signInAs(server, "employee");
      const response = await signInRequest(server, employee.email, employee.password);
      const cookie = sessionCookie(response);
      expect(cookie).toMatch(/^studio\.session_token=/);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    });

    it("issues a new session token at every sign-in, also over an existing session", async () => {
      const employee = await signInAs(server, "employee");
      const again = await signInRequest(server, employee.email, employee.password, {
        cookie: employee.cookie,
      });
      expect(again.status).toBe(200);
      const second = cookieHeaderFrom(again);
      expect(sessionToken(second)).not.toBe("");
      expect(sessionToken(second)).not.toBe(sessionToken(employee.cookie));
      // The body carries the user, never the password hash.
      expect(JSON.stringify(await again.json())).not.toMatch(/password|scrypt/i);
    });

    it("accepts the e-mail in any letter case", async () => {
      const employee = await signInAs(server, "employee");
      const response = await signInRequest(server, employee.email.toUpperCase(), employee.password);
      expect(response.status).toBe(200);
    });

    it("ignores extra fields such as a role in the sign-in body", async () => {
      const who = await signInAs(server, "no-access");
      const response = await server.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: who.email, password: who.password, role: "admin" }),
      });
      expect(response.status).toBe(200);
      const user = (await (
        await requestAs(server, { cookie: cookieHeaderFrom(response) }, "/api/auth/user")
      ).json()) as CurrentUser;
      expect(user.role).toBeNull();
    });
  });

  describe("with the real password hash", () => {
    // The other tests run with a quick hash (tests/helpers/quick-password-hashing.ts).
    let real: TestServer;
    beforeAll(async () => {
      real = await startTestServer(kind, {}, { passwordHashing: "scrypt" });
    });
    afterAll(() => real?.close());

    it("stores a salted scrypt key, never the password, and signs in with it alone", async () => {
      const employee = await signInAs(real, "employee");
      const account = await real.db.handle.db
        .selectFrom("accounts")
        .innerJoin("users", "users.id", "accounts.userId")
        .select("accounts.password")
        .where("users.email", "=", employee.email)
        .executeTakeFirstOrThrow();
      // better-auth's scrypt: a 16-byte salt and a 64-byte key, in hex.
      expect(account.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(account.password).not.toContain(employee.password);
      expect((await signInRequest(real, employee.email, employee.password)).status).toBe(200);
      const wrong = await signInRequest(real, employee.email, `${employee.password}x`);
      expect((await readError(wrong, 401)).message).toBe(INVALID_CREDENTIALS_MESSAGE);
    });
  });

  describe("better-auth endpoints that are not offered", () => {
    it.each([
      ["POST", "/api/auth/sign-up/email"],
      ["POST", "/api/auth/update-user"],
      ["POST", "/api/auth/change-email"],
      ["POST", "/api/auth/delete-user"],
      ["GET", "/api/auth/reset-password/some-token"],
      ["GET", "/api/auth/list-accounts"],
      ["GET", "/api/auth/no-such-endpoint"],
    ])("%s %s answers a JSON 404", async (method, path) => {
      const response = await server.request(path, {
        method,
        headers: { "content-type": "application/json", origin: server.url },
        body: method === "POST" ? JSON.stringify({}) : undefined,
      });
      await readError(response, 404);
    });

    it("does not let anyone sign up", async () => {
      const email = "walk-in@example.com";
      const response = await server.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email, password: fakePassword(), name: "Walk In" }),
      });
      expect(response.status).toBe(404);
      const user = await db()
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirst();
      expect(user).toBeUndefined();
    });
  });

  describe("GET /api/login", () => {
    async function loginLocation(query: string): Promise<string | null> {
      const response = await server.request(`/api/login${query}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      return response.headers.get("location");
    }

    it("sends the browser to /login, landing on /dashboard by default", async () => {
      expect(await loginLocation("")).toBe("/login");
      expect(await loginLocation("?returnTo=%2Fdashboard")).toBe("/login");
    });

    it("keeps a returnTo inside the site", async () => {
      expect(await loginLocation("?returnTo=%2Fdashboard%3Fsection%3Demployees")).toBe(
        "/login?returnTo=%2Fdashboard%3Fsection%3Demployees",
      );
    });

    it("passes on the returnTo with its dot segments resolved", async () => {
      expect(
        await loginLocation("?returnTo=%2Fnews%2F.%2F..%2Fdashboard%2F%252e%2Femployees"),
      ).toBe("/login?returnTo=%2Fdashboard%2Femployees");
    });

    it.each([
      "//evil.com",
      "https://evil.com",
      "/\\evil.com",
      "%2F%2Fevil.com",
      "https%3A%2F%2Fevil.com%2Fdashboard",
      "%2F%5Cevil.com",
      "javascript%3Aalert(1)",
      // Dot segments that resolve to "//evil.test", plain, encoded and with backslashes.
      "%2F.%2F%2Fevil.test",
      "%2F..%2F%2Fevil.test",
      "%2F%252e%2F%2Fevil.test",
      "%2F%252E%252E%2F%2Fevil.test",
      "%2Fnews%2F..%2F%2Fevil.test",
      "%2F.%5C%2Fevil.test",
      "%2F.%2F%5Cevil.test",
      "%2F.%2FAPI%2Flogout",
    ])("drops returnTo=%s", async (value) => {
      expect(await loginLocation(`?returnTo=${value}`)).toBe("/login");
    });
  });

  describe("password changes", () => {
    it("ends every other session and retires the old password", async () => {
      const employee = await signInAs(server, "employee");
      const elsewhere = await signIn(server, employee.email, employee.password);
      const newPassword = fakePassword();
      const response = await requestAs(server, employee, "/api/auth/change-password", {
        method: "POST",
        // Asking to keep the other sessions changes nothing.
        body: { currentPassword: employee.password, newPassword, revokeOtherSessions: false },
      });
      expect(response.status, await response.clone().text()).toBe(200);
      await readError(await requestAs(server, { cookie: elsewhere }, "/api/auth/user"), 401);
      await readError(await signInRequest(server, employee.email, employee.password), 401);
      expect((await signInRequest(server, employee.email, newPassword)).status).toBe(200);
    });

    it("refuses a new password shorter than 12 characters", async () => {
      const employee = await signInAs(server, "employee");
      const response = await requestAs(server, employee, "/api/auth/change-password", {
        method: "POST",
        body: { currentPassword: employee.password, newPassword: "short-pw" },
      });
      await readError(response, 400);
    });
  });

  describe("deactivation", () => {
    it("ends an employee's sessions at once when an admin deactivates them", async () => {
      const admin = await signInAs(server, "admin");
      const employee = await signInAs(server, "employee");
      const row = await db()
        .selectFrom("employees")
        .selectAll()
        .where("id", "=", employee.employeeId as string)
        .executeTakeFirstOrThrow();
      const response = await requestAs(server, admin, `/api/employees/${row.id}`, {
        method: "PUT",
        body: {
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          isActive: false,
        },
      });
      expect(response.status).toBe(200);
      await readError(await requestAs(server, employee, "/api/auth/user"), 401);
    });

    it("shuts out an employee whose record is deactivated by any means, on the next request", async () => {
      const admin = await signInAs(server, "admin");
      expect((await requestAs(server, admin, "/api/employees")).status).toBe(200);
      await db()
        .updateTable("employees")
        .set({ isActive: false })
        .where("id", "=", admin.employeeId as string)
        .execute();
      await readError(await requestAs(server, admin, "/api/employees"), 403);
    });

    it("shuts out an admin demoted to employee from employee management at once", async () => {
      const admin = await signInAs(server, "admin");
      await db()
        .updateTable("employees")
        .set({ role: "employee" })
        .where("id", "=", admin.employeeId as string)
        .execute();
      await readError(await requestAs(server, admin, "/api/employees"), 403);
    });
  });

  it("lets an employee whose login exists before their record gain access when it is added", async () => {
    const email = "late-record@example.com";
    const { password } = await createLogin(db(), server.auth, { email });
    const cookie = await signIn(server, email, password);
    expect(
      ((await (await requestAs(server, { cookie }, "/api/auth/user")).json()) as CurrentUser).role,
    ).toBeNull();
    await createEmployee(db(), { email });
    expect(
      ((await (await requestAs(server, { cookie }, "/api/auth/user")).json()) as CurrentUser).role,
    ).toBe("employee");
  });
});

describeEachDatabase("session cookie on an https site", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { ...OWNER_ENV, SITE_URL: "https://studio.example" });
  });
  afterAll(() => server?.close());

  it("marks the session cookie Secure, HttpOnly and SameSite=Lax", async () => {
    const response = await signInRequest(server, OWNER_ENV.ADMIN_EMAIL, OWNER_ENV.ADMIN_PASSWORD);
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response);
    expect(cookie).toMatch(/^__Secure-studio\.session_token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });
});
