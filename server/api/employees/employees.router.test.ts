import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Employee } from "#common/types/employee.ts";
import type { CurrentUser } from "#common/types/user.ts";
import { createEmployee, fakeEmployee } from "#tests/factories/employee.ts";
import { readError } from "#tests/helpers/http.ts";
import {
  OWNER_ENV,
  requestAs,
  type SignedIn,
  signInAs,
  signInRequest,
} from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { employeeCalls } from "./employees.router.fixture.ts";

const EMPLOYEE_FIELDS = [
  "createdAt",
  "email",
  "firstName",
  "hasLogin",
  "id",
  "isActive",
  "isOwner",
  "lastName",
  "role",
  "updatedAt",
];

describeEachDatabase("employees API", (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  let owner: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, { ...OWNER_ENV });
    admin = await signInAs(server, "admin");
    owner = await signInAs(server, "owner");
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;

  const { addEmployee, tokenOf } = employeeCalls(() => ({ server, admin }));

  describe("GET /api/employees", () => {
    it("lists every employee with its fields, oldest first", async () => {
      const first = await createEmployee(db());
      const second = await createEmployee(db());
      await db()
        .updateTable("employees")
        .set({ createdAt: "2020-01-01T00:00:00.000Z" })
        .where("id", "=", first.id)
        .execute();
      const response = await requestAs(server, admin, "/api/employees");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const list = (await response.json()) as Employee[];
      const ids = list.map((e) => e.id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      for (const employee of list) expect(Object.keys(employee).sort()).toEqual(EMPLOYEE_FIELDS);
      const me = list.find((e) => e.email === admin.email);
      expect(me).toMatchObject({ role: "admin", isActive: true, isOwner: false, hasLogin: true });
      expect(list.find((e) => e.id === first.id)?.hasLogin).toBe(false);
    });
  });

  describe("POST /api/employees", () => {
    it("adds an employee with the defaults role employee and active, and an invitation link", async () => {
      const input = fakeEmployee();
      const { role: _role, isActive: _isActive, ...withoutDefaults } = input;
      const before = Date.now();
      const added = await addEmployee({
        ...withoutDefaults,
        email: `  ${input.email.toUpperCase()} `,
      });
      expect(added).toMatchObject({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: "employee",
        isActive: true,
        isOwner: false,
        hasLogin: false,
      });
      expect(added.invitation?.url.startsWith(`${server.config.siteUrl}/invite/`)).toBe(true);
      const expires = Date.parse(added.invitation?.expiresAt ?? "");
      expect(expires - before).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
      expect(expires - before).toBeLessThanOrEqual(7 * 24 * 3600_000 + 60_000);
      // Only a hash of the token is stored.
      const token = tokenOf(added.invitation);
      const stored = await db().selectFrom("invitations").selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(token);
    });

    it.each([
      [{ email: "not-an-email" }, "email", "Invalid email address"],
      [{ email: "" }, "email", "Invalid email address"],
      [{ email: undefined }, "email", "Invalid email address"],
      [{ firstName: "" }, "firstName", "First name is required"],
      [{ firstName: "   " }, "firstName", "First name is required"],
      [{ firstName: undefined }, "firstName", "First name is required"],
      [{ lastName: "" }, "lastName", "Last name is required"],
      [{ lastName: undefined }, "lastName", "Last name is required"],
      [{ role: "owner" }, "role", "Choose a role: Employee or Admin."],
      [
        { isActive: "yes" },
        "isActive",
        "Choose whether this employee can sign in to the dashboard.",
      ],
    ])("answers 400 for %j with the form's message", async (change, field, message) => {
      const response = await requestAs(server, admin, "/api/employees", {
        method: "POST",
        body: { ...fakeEmployee(), ...change },
      });
      const body = await readError(response, 400);
      expect(body.errors?.[field]).toBe(message);
    });

    it("names every wrong field at once", async () => {
      const response = await requestAs(server, admin, "/api/employees", {
        method: "POST",
        body: {},
      });
      const body = await readError(response, 400);
      expect(body.errors).toEqual({
        email: "Invalid email address",
        firstName: "First name is required",
        lastName: "Last name is required",
      });
    });

    it("answers 409 when the e-mail is taken, in any letter case", async () => {
      const existing = await addEmployee(fakeEmployee());
      const response = await requestAs(server, admin, "/api/employees", {
        method: "POST",
        body: fakeEmployee({ email: existing.email.toUpperCase() }),
      });
      expect((await readError(response, 409)).message).toMatch(/already exists/);
    });

    it("ignores fields the form does not have", async () => {
      const id = crypto.randomUUID();
      const added = await addEmployee({
        ...fakeEmployee(),
        id,
        isOwner: true,
        hasLogin: true,
        createdAt: "2000-01-01T00:00:00.000Z",
      });
      expect(added.id).not.toBe(id);
      expect(added.isOwner).toBe(false);
      expect(added.hasLogin).toBe(false);
      expect(added.createdAt).not.toBe("2000-01-01T00:00:00.000Z");
    });
  });

  describe("PUT /api/employees/:id", () => {
    it("changes an employee and answers the new state", async () => {
      const employee = await addEmployee(fakeEmployee());
      const response = await requestAs(server, admin, `/api/employees/${employee.id}`, {
        method: "PUT",
        body: fakeEmployee({ email: employee.email, firstName: "Bea", role: "admin" }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: employee.id,
        firstName: "Bea",
        role: "admin",
      });
    });

    it("answers 404 for an unknown id and 400 for one that is not an id", async () => {
      const body = fakeEmployee();
      await readError(
        await requestAs(server, admin, `/api/employees/${crypto.randomUUID()}`, {
          method: "PUT",
          body,
        }),
        404,
      );
      await readError(
        await requestAs(server, admin, "/api/employees/42", { method: "PUT", body }),
        400,
      );
    });

    it("answers 409 when moving to an e-mail another employee has", async () => {
      const one = await addEmployee(fakeEmployee());
      const two = await addEmployee(fakeEmployee());
      const response = await requestAs(server, admin, `/api/employees/${two.id}`, {
        method: "PUT",
        body: fakeEmployee({ email: one.email }),
      });
      await readError(response, 409);
    });

    it("moves the employee's login to a new e-mail, so they sign in with it", async () => {
      const employee = await signInAs(server, "employee");
      const newEmail = fakeEmployee().email;
      const response = await requestAs(server, admin, `/api/employees/${employee.employeeId}`, {
        method: "PUT",
        body: fakeEmployee({ email: newEmail }),
      });
      expect(response.status).toBe(200);
      expect((await signInRequest(server, newEmail, employee.password)).status).toBe(200);
      const user = (await (
        await requestAs(server, employee, "/api/auth/user")
      ).json()) as CurrentUser;
      expect(user).toMatchObject({ email: newEmail, role: "employee" });
    });
  });

  describe("DELETE /api/employees/:id", () => {
    it("deletes the employee and their login, ending their sessions", async () => {
      const employee = await signInAs(server, "employee");
      const response = await requestAs(server, admin, `/api/employees/${employee.employeeId}`, {
        method: "DELETE",
      });
      expect(response.status).toBe(204);
      await readError(await requestAs(server, employee, "/api/auth/user"), 401);
      await readError(await signInRequest(server, employee.email, employee.password), 401);
      const list = (await (await requestAs(server, admin, "/api/employees")).json()) as Employee[];
      expect(list.map((e) => e.id)).not.toContain(employee.employeeId);
    });

    it("answers 404 for an unknown id", async () => {
      const response = await requestAs(server, admin, `/api/employees/${crypto.randomUUID()}`, {
        method: "DELETE",
      });
      await readError(response, 404);
    });
  });

  describe("the owner's record", () => {
    let ownerRecord: Employee;
    beforeAll(async () => {
      const response = await requestAs(server, owner, "/api/employees", {
        method: "POST",
        body: {
          email: OWNER_ENV.ADMIN_EMAIL,
          firstName: "Olive",
          lastName: "Owner",
          role: "admin",
        },
      });
      expect(response.status).toBe(201);
      ownerRecord = (await response.json()) as Employee;
      expect(ownerRecord).toMatchObject({ isOwner: true, hasLogin: true, role: "admin" });
    });

    it("is always added as an active admin, whatever the form says", async () => {
      for (const change of [{ role: "employee" }, { isActive: false }]) {
        await db().deleteFrom("employees").where("id", "=", ownerRecord.id).execute();
        const response = await requestAs(server, owner, "/api/employees", {
          method: "POST",
          body: { email: OWNER_ENV.ADMIN_EMAIL, firstName: "Olive", lastName: "Owner", ...change },
        });
        expect(response.status).toBe(201);
        ownerRecord = (await response.json()) as Employee;
        expect(ownerRecord).toMatchObject({ isOwner: true, role: "admin", isActive: true });
      }
    });

    it.each([
      ["deactivated", { isActive: false }],
      ["demoted", { role: "employee" }],
      ["given another e-mail", { email: "someone-else@example.com" }],
    ])("cannot be %s (409), by an admin or by the owner", async (_what, change) => {
      for (const caller of [admin, owner]) {
        const response = await requestAs(server, caller, `/api/employees/${ownerRecord.id}`, {
          method: "PUT",
          body: {
            email: OWNER_ENV.ADMIN_EMAIL,
            firstName: "Olive",
            lastName: "Owner",
            role: "admin",
            ...change,
          },
        });
        expect((await readError(response, 409)).message).toMatch(/owner/i);
      }
      const list = (await (await requestAs(server, admin, "/api/employees")).json()) as Employee[];
      expect(list.find((e) => e.id === ownerRecord.id)).toMatchObject({
        email: OWNER_ENV.ADMIN_EMAIL,
        role: "admin",
        isActive: true,
      });
    });

    it("cannot be deleted (409), and the owner stays an admin", async () => {
      const response = await requestAs(server, admin, `/api/employees/${ownerRecord.id}`, {
        method: "DELETE",
      });
      expect((await readError(response, 409)).message).toMatch(/owner/i);
      const me = (await (await requestAs(server, owner, "/api/auth/user")).json()) as CurrentUser;
      expect(me).toMatchObject({ role: "admin", isInitialSetup: false });
    });

    it("can still have its names changed", async () => {
      const response = await requestAs(server, owner, `/api/employees/${ownerRecord.id}`, {
        method: "PUT",
        body: {
          email: OWNER_ENV.ADMIN_EMAIL,
          firstName: "Olivia",
          lastName: "Owner",
          role: "admin",
        },
      });
      expect(response.status).toBe(200);
    });

    it("cannot take an invitation link, nor can another record take the owner's e-mail", async () => {
      await readError(
        await requestAs(server, admin, `/api/employees/${ownerRecord.id}/invitation`, {
          method: "POST",
        }),
        409,
      );
      const other = await addEmployee(fakeEmployee());
      const response = await requestAs(server, admin, `/api/employees/${other.id}`, {
        method: "PUT",
        body: fakeEmployee({ email: OWNER_ENV.ADMIN_EMAIL }),
      });
      await readError(response, 409);
    });
  });
});
