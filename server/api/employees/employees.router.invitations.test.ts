import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RULE } from "#common/schemas/auth.ts";
import type { Invitation } from "#common/types/employee.ts";
import type { CurrentUser } from "#common/types/user.ts";
import { INVITATION_MESSAGES } from "#server/services/invitations.server.ts";
import { fakeEmployee, fakePassword } from "#tests/factories/employee.ts";
import { readError } from "#tests/helpers/http.ts";
import {
  cookieHeaderFrom,
  OWNER_ENV,
  requestAs,
  type SignedIn,
  signInAs,
  signInRequest,
} from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { employeeCalls } from "./employees.router.fixture.ts";

describeEachDatabase("employees API", (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, { ...OWNER_ENV });
    admin = await signInAs(server, "admin");
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;
  const { addEmployee, tokenOf, accept } = employeeCalls(() => ({ server, admin }));

  describe("invitations", () => {
    it("lets the new employee choose a password once, signs them in, and retires the link", async () => {
      const added = await addEmployee(fakeEmployee({ firstName: "Ivy" }));
      const token = tokenOf(added.invitation);
      const state = await server.request(`/api/invitations/${encodeURIComponent(token)}`);
      expect(await state.json()).toEqual({ email: added.email, firstName: "Ivy" });

      const tooShort = await accept(token, "short");
      expect((await readError(tooShort, 400)).errors?.password).toBe(PASSWORD_RULE);

      const password = fakePassword();
      const accepted = await accept(token, password);
      expect(accepted.status, await accepted.clone().text()).toBe(200);
      const cookie = cookieHeaderFrom(accepted);
      const me = (await (
        await requestAs(server, { cookie }, "/api/auth/user")
      ).json()) as CurrentUser;
      expect(me).toMatchObject({ email: added.email, firstName: "Ivy", role: "employee" });

      const again = await accept(token, fakePassword());
      expect((await readError(again, 409)).message).toBe(INVITATION_MESSAGES.used);
      const stateAfter = await server.request(`/api/invitations/${encodeURIComponent(token)}`);
      expect((await readError(stateAfter, 409)).message).toBe(INVITATION_MESSAGES.used);
      // The password chosen first still works; the second one was never set.
      expect((await signInRequest(server, added.email, password)).status).toBe(200);
    });

    it("works exactly once when two acceptances race", async () => {
      const added = await addEmployee(fakeEmployee());
      const token = tokenOf(added.invitation);
      const results = await Promise.all([
        accept(token, fakePassword()),
        accept(token, fakePassword()),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    });

    it("refuses an expired link with a clear message", async () => {
      const added = await addEmployee(fakeEmployee());
      const token = tokenOf(added.invitation);
      await db()
        .updateTable("invitations")
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where("employeeId", "=", added.id)
        .execute();
      expect((await readError(await accept(token, fakePassword()), 409)).message).toBe(
        INVITATION_MESSAGES.expired,
      );
      const state = await server.request(`/api/invitations/${encodeURIComponent(token)}`);
      expect((await readError(state, 409)).message).toBe(INVITATION_MESSAGES.expired);
    });

    it("refuses a forged or altered token", async () => {
      const added = await addEmployee(fakeEmployee());
      const token = tokenOf(added.invitation);
      const [random = "", mac = ""] = token.split(".");
      for (const forged of [
        `${random}.${withFirstCharacterChanged(mac)}`,
        `${withFirstCharacterChanged(random)}.${mac}`,
        "abc",
        "a.b.c",
      ]) {
        expect(forged).not.toBe(token);
        expect((await readError(await accept(forged, fakePassword()), 404)).message).toBe(
          INVITATION_MESSAGES.invalid,
        );
      }
    });

    it("gives a new link on request, which retires the earlier one", async () => {
      const added = await addEmployee(fakeEmployee());
      const first = tokenOf(added.invitation);
      const response = await requestAs(server, admin, `/api/employees/${added.id}/invitation`, {
        method: "POST",
      });
      expect(response.status).toBe(201);
      const second = tokenOf((await response.json()) as Invitation);
      await readError(await accept(first, fakePassword()), 409);
      expect((await accept(second, fakePassword())).status).toBe(200);
      // Once they can sign in, no further link is given.
      const more = await requestAs(server, admin, `/api/employees/${added.id}/invitation`, {
        method: "POST",
      });
      await readError(more, 409);
    });

    it("stops working when the employee is deleted", async () => {
      const added = await addEmployee(fakeEmployee());
      const token = tokenOf(added.invitation);
      await requestAs(server, admin, `/api/employees/${added.id}`, { method: "DELETE" });
      await readError(await accept(token, fakePassword()), 404);
    });
  });
});

/**
 * `text` with its first character replaced by a different one. (Writing a fixed character
 * there would leave the text unchanged whenever it already began with that character.) The first
 * character of a base64url text carries six significant bits, so the decoded value changes too.
 */
function withFirstCharacterChanged(text: string): string {
  return `${text.startsWith("A") ? "B" : "A"}${text.slice(1)}`;
}
