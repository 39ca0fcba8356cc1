import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_PASSWORD_MESSAGES, PASSWORD_RULE } from "#common/schemas/auth.ts";
import { fakePassword } from "#tests/factories/employee.ts";
import { readError } from "#tests/helpers/http.ts";
import {
  cookieHeaderFrom,
  requestAs,
  signIn,
  signInAs,
  signInRequest,
} from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

describeEachDatabase("My account: changing the password", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());
  const change = (cookie: string, body: unknown) =>
    requestAs(server, { cookie }, "/api/auth/change-password", { method: "POST", body });

  describe("POST /api/auth/change-password", () => {
    it("needs the current password, and says so plainly when it is wrong", async () => {
      const employee = await signInAs(server, "employee");
      const wrong = await change(employee.cookie, {
        currentPassword: "not-my-password-at-all",
        newPassword: fakePassword(),
      });
      expect((await readError(wrong, 400)).message).toBe(CHANGE_PASSWORD_MESSAGES.wrongCurrent);
      const missing = await change(employee.cookie, { newPassword: fakePassword() });
      expect((await readError(missing, 400)).message).toBe(CHANGE_PASSWORD_MESSAGES.missing);
      const short = await change(employee.cookie, {
        currentPassword: employee.password,
        newPassword: "short",
      });
      expect((await readError(short, 400)).message).toBe(PASSWORD_RULE);
      // Nothing changed.
      expect((await signInRequest(server, employee.email, employee.password)).status).toBe(200);
    });

    it("keeps this session (with a new cookie) and signs out the others", async () => {
      const employee = await signInAs(server, "employee");
      const elsewhere = await signIn(server, employee.email, employee.password);
      const newPassword = fakePassword();
      const response = await change(employee.cookie, {
        currentPassword: employee.password,
        newPassword,
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const here = cookieHeaderFrom(response);
      expect(here).toMatch(/session_token=/);
      expect((await requestAs(server, { cookie: here }, "/api/auth/user")).status).toBe(200);
      await readError(await requestAs(server, { cookie: elsewhere }, "/api/auth/user"), 401);
      await readError(await requestAs(server, employee, "/api/auth/user"), 401);
      expect((await signInRequest(server, employee.email, newPassword)).status).toBe(200);
      expect((await signInRequest(server, employee.email, employee.password)).status).toBe(401);
    });

    it("says an account without a password has none to change", async () => {
      const employee = await signInAs(server, "employee");
      const user = await server.db.handle.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", employee.email)
        .executeTakeFirstOrThrow();
      await server.db.handle.db
        .deleteFrom("accounts")
        .where("userId", "=", user.id)
        .where("providerId", "=", "credential")
        .execute();
      const response = await change(employee.cookie, {
        currentPassword: employee.password,
        newPassword: fakePassword(),
      });
      expect((await readError(response, 400)).message).toBe(CHANGE_PASSWORD_MESSAGES.noPassword);
    });

    it("is for signed-in people only", async () => {
      const response = await change("", { currentPassword: "x", newPassword: fakePassword() });
      expect(response.status).toBe(401);
    });
  });
});
