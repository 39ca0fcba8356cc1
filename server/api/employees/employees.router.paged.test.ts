import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Employee } from "#common/types/employee.ts";
import type { Paged } from "#common/types/post-list.ts";
import { readError } from "#tests/helpers/http.ts";
import { OWNER_ENV, requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

const PEOPLE: [string, string, "admin" | "employee"][] = [
  ["Maya", "Stone", "employee"],
  ["ada", "Lovelace", "admin"],
  ["Bram", "Keeper", "employee"],
  ["Ada", "Byron", "employee"],
  ["Zoe", "Quartz", "admin"],
];

describeEachDatabase("employees API, paged", (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  /** Every employee record, oldest first (the signed-in admin's and the people above). */
  let oldestFirst: Employee[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { ...OWNER_ENV });
    const db = server.db.handle.db;
    await db.deleteFrom("employees").execute();
    admin = await signInAs(server, "admin");
    const base = Date.parse("2025-01-01T00:00:00.000Z");
    for (const [i, [firstName, lastName, role]] of PEOPLE.entries()) {
      const at = new Date(base + i * 60_000).toISOString();
      await db
        .insertInto("employees")
        .values({
          id: randomUUID(),
          email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@studio.test`,
          firstName,
          lastName,
          role,
          isActive: true,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
    const response = await requestAs(server, admin, "/api/employees");
    oldestFirst = (await response.json()) as Employee[];
  });
  afterAll(() => server?.close());

  async function getPage(query: string): Promise<Paged<Employee>> {
    const response = await requestAs(server, admin, `/api/employees?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Paged<Employee>;
  }
  const names = (page: Paged<Employee>) =>
    page.items.map((employee) => `${employee.firstName} ${employee.lastName}`);

  describe("GET /api/employees?page=", () => {
    it("answers a page of employees in the order they were added, as the whole list has them", async () => {
      expect(oldestFirst).toHaveLength(6);
      const first = await getPage("page=1&limit=4");
      expect(first).toMatchObject({ page: 1, pageSize: 4, total: 6, totalPages: 2 });
      expect(first.items).toEqual(oldestFirst.slice(0, 4));
      expect((await getPage("page=2&limit=4")).items).toEqual(oldestFirst.slice(4));
      expect((await getPage("sort=-createdAt")).items).toEqual([...oldestFirst].reverse());
    });

    it("sorts by name ignoring case, first name then last name", async () => {
      const byName = await getPage("sort=name&q=studio.test");
      expect(names(byName)).toEqual([
        "Ada Byron",
        "ada Lovelace",
        "Bram Keeper",
        "Maya Stone",
        "Zoe Quartz",
      ]);
      expect(names(await getPage("sort=-name&q=studio.test"))).toEqual(names(byName).reverse());
    });

    it("sorts by role, admins first, and filters by role", async () => {
      const byRole = await getPage("sort=role&q=studio.test");
      expect(byRole.items.map((e) => e.role)).toEqual([
        "admin",
        "admin",
        "employee",
        "employee",
        "employee",
      ]);
      expect(names(byRole).slice(0, 2)).toEqual(["ada Lovelace", "Zoe Quartz"]);
      const admins = await getPage("role=admin");
      expect(admins.total).toBe(3);
      expect(admins.items.every((e) => e.role === "admin")).toBe(true);
    });

    it("searches the full name, the address and the role, ignoring case", async () => {
      expect(names(await getPage("q=ADA%20B"))).toEqual(["Ada Byron"]);
      expect(names(await getPage("q=keeper@"))).toEqual(["Bram Keeper"]);
      expect((await getPage("q=Admin")).total).toBe(3);
      expect((await getPage("q=nobody")).items).toEqual([]);
    });

    it("refuses a bad sort, role or limit with a message naming what it takes", async () => {
      const cases: [string, string][] = [
        ["sort=email", "sort must be one of: createdAt, -createdAt, name, -name, role, -role."],
        ["role=owner", "role must be one of: admin, employee."],
        ["limit=1.5", "limit must be a whole number from 1 to 100."],
      ];
      for (const [query, message] of cases) {
        const response = await requestAs(server, admin, `/api/employees?${query}`);
        expect((await readError(response, 400)).message, query).toBe(message);
      }
    });

    it("is for admins only", async () => {
      await readError(await server.request("/api/employees?page=1"), 401);
      const employee = await signInAs(server, "employee");
      await readError(await requestAs(server, employee, "/api/employees?page=1"), 403);
      const owner = await signInAs(server, "owner");
      expect((await requestAs(server, owner, "/api/employees?page=1")).status).toBe(200);
    });
  });
});
