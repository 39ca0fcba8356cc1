import { randomBytes, randomUUID } from "node:crypto";
import type { EmployeeInput } from "#common/schemas/employee.ts";
import type { Auth } from "#server/auth/auth.server.ts";
import type { Db } from "#server/db/db.server.ts";
import type { EmployeeRow } from "#server/db/tables.ts";
import { createPasswordLogin } from "#server/services/invitations.server.ts";

/** Employee form data with a unique e-mail; override only what the test is about. */
export function fakeEmployee(overrides: Partial<EmployeeInput> = {}): EmployeeInput {
  const id = randomBytes(8).toString("hex");
  return {
    email: `employee-${id}@example.com`,
    firstName: "Alex",
    lastName: `Tester ${id}`,
    role: "employee",
    isActive: true,
    ...overrides,
  };
}

/** Inserts an employee record (no login). */
export async function createEmployee(
  db: Db,
  overrides: Partial<EmployeeInput> = {},
): Promise<EmployeeRow> {
  const now = new Date().toISOString();
  const row = { id: randomUUID(), ...fakeEmployee(overrides), createdAt: now, updatedAt: now };
  await db.insertInto("employees").values(row).execute();
  return row;
}

/** A password long enough for the strength rule. */
export function fakePassword(): string {
  return `pw-${randomBytes(12).toString("base64url")}`;
}

/** The password's hash as this sign-in stores it (about 150 ms of CPU with the real hash). */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  return (await auth.$context).password.hash(password);
}

/**
 * Creates a login (user and credential account) with this e-mail and password. `passwordHash`,
 * when given, is the password's hash made earlier with the same `auth` (hashing costs about
 * 150 ms of CPU; a caller making many logins with one password hashes it once).
 */
export async function createLogin(
  db: Db,
  auth: Auth,
  {
    email,
    password = fakePassword(),
    passwordHash: hashed,
  }: { email: string; password?: string; passwordHash?: string },
): Promise<{ userId: string; email: string; password: string }> {
  const passwordHash = hashed ?? (await hashPassword(auth, password));
  const { userId } = await db
    .transaction()
    .execute((trx) =>
      createPasswordLogin(trx, { email, name: "", passwordHash, nowIso: new Date().toISOString() }),
    );
  return { userId, email, password };
}
