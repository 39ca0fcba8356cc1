import { expect } from "vitest";
import type { EmployeeWithInvitation, Invitation } from "#common/types/employee.ts";
import { requestAs, type SignedIn } from "#tests/helpers/staff.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";

/**
 * The calls the employees API tests (employees.router*.test.ts) make; `current` gives the
 * server and the signed-in admin of the running test file (set in its beforeAll).
 */
export function employeeCalls(current: () => { server: TestServer; admin: SignedIn }) {
  async function addEmployee(body: unknown): Promise<EmployeeWithInvitation> {
    const response = await requestAs(current().server, current().admin, "/api/employees", {
      method: "POST",
      body,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as EmployeeWithInvitation;
  }

  function tokenOf(invitation: Invitation | null): string {
    const url = new URL(invitation?.url ?? "");
    expect(url.pathname).toMatch(/^\/invite\/[^/]+$/);
    return decodeURIComponent(url.pathname.slice("/invite/".length));
  }

  function accept(token: string, password: string) {
    return current().server.request("/api/invitations/accept", {
      method: "POST",
      headers: { "content-type": "application/json", origin: current().server.url },
      body: JSON.stringify({ token, password }),
    });
  }

  return { addEmployee, tokenOf, accept };
}
