import { randomUUID } from "node:crypto";
import {
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
  sql,
  type Transaction,
} from "kysely";
import type { StaffRole } from "#common/access.ts";
import type { EmployeeInput } from "#common/schemas/employee.ts";
import type { EmployeeSort } from "#common/staff-lists.ts";
import type { Invitation } from "#common/types/employee.ts";
import type { Db } from "#server/db/db.server.ts";
import { isUniqueViolation } from "#server/db/dialect.server.ts";
import type { Database, EmployeeRow } from "#server/db/tables.ts";
import { containsText, textOrderKey } from "#server/db/text-order.ts";
import { HttpError } from "#server/errors.ts";
import { createInvitation } from "./invitations.server.ts";

/** An employee row with whether a login (better-auth user) exists for its e-mail. */
export type EmployeeRecord = EmployeeRow & { userId: string | null };

/** Who is acting, and whose record is protected (the owner's, by e-mail). */
export type EmployeeContext = { ownerEmail: string | undefined };

const DUPLICATE_EMAIL = "An employee with that email address already exists.";
const OWNER_STAYS_ADMIN =
  "The owner's own record always stays an active admin; it cannot be deactivated or demoted.";
const OWNER_KEEPS_EMAIL =
  "The owner's e-mail address is set in the server configuration (ADMIN_EMAIL) and cannot be changed here.";
const OWNER_CANNOT_BE_DELETED = "The owner's own record cannot be deleted.";
const NOT_FOUND = "That employee does not exist.";

function selectEmployees(db: Db | Transaction<Database>) {
  return db
    .selectFrom("employees")
    .leftJoin("users", "users.email", "employees.email")
    .select([
      "employees.id",
      "employees.email",
      "employees.firstName",
      "employees.lastName",
      "employees.role",
      "employees.isActive",
      "employees.createdAt",
      "employees.updatedAt",
      "users.id as userId",
    ]);
}

/** Every employee, oldest first (the order they were added). */
export async function listEmployees(db: Db): Promise<EmployeeRecord[]> {
  return selectEmployees(db).orderBy("employees.createdAt").orderBy("employees.id").execute();
}

/** What the dashboard's Employees list asks for: a page, an order, a search, a role. */
export type EmployeePageRequest = {
  page: number;
  pageSize: number;
  sort: EmployeeSort;
  /** Kept when the name, e-mail or role contains it, ignoring case. */
  term: string;
  role?: StaffRole | undefined;
};

/**
 * One page of the employees and how many the search and the role keep, both asked of the
 * database; ties go by id.
 */
export async function pageEmployees(
  db: Db,
  { page, pageSize, sort, term, role }: EmployeePageRequest,
): Promise<{ rows: EmployeeRecord[]; total: number }> {
  const where = (eb: ExpressionBuilder<Database, "employees">) => {
    const conditions: Expression<SqlBool>[] = [];
    if (role) conditions.push(eb("employees.role", "=", role));
    if (term !== "") {
      const fullName = sql<string>`${sql.ref("employees.firstName")} || ' ' || ${sql.ref("employees.lastName")}`;
      conditions.push(
        eb.or([
          containsText(db, fullName, term),
          containsText(db, "employees.email", term),
          containsText(db, "employees.role", term),
        ]),
      );
    }
    return eb.and(conditions);
  };
  const direction = sort.startsWith("-") ? "desc" : "asc";
  let rows = selectEmployees(db).where(where);
  if (sort === "name" || sort === "-name") {
    rows = rows
      .orderBy(textOrderKey(db, "employees.firstName", { lower: true }), direction)
      .orderBy(textOrderKey(db, "employees.lastName", { lower: true }), direction);
  } else if (sort === "role" || sort === "-role") {
    rows = rows.orderBy("employees.role", direction).orderBy("employees.createdAt", direction);
  } else {
    rows = rows.orderBy("employees.createdAt", direction);
  }
  const [items, count] = await Promise.all([
    rows
      .orderBy("employees.id", direction)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("employees")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: items, total: Number(count.count) };
}

/** One employee by id, or null. */
export async function getEmployee(db: Db, id: string): Promise<EmployeeRecord | null> {
  return (await selectEmployees(db).where("employees.id", "=", id).executeTakeFirst()) ?? null;
}

/** The employee record for a (lower-cased) e-mail address, or null. Read on every staff request. */
export async function findEmployeeByEmail(
  db: Db,
  email: string,
): Promise<(Pick<EmployeeRow, "id" | "firstName" | "role"> & { isActive: boolean }) | null> {
  const row = await db
    .selectFrom("employees")
    .select(["id", "firstName", "role", "isActive"])
    .where("email", "=", email)
    .executeTakeFirst();
  return row ? { ...row, isActive: Boolean(row.isActive) } : null;
}

/** What issuing an invitation link needs. */
export type InvitationContext = EmployeeContext & {
  /** The acting admin's user id. */
  invitedBy: string;
  secret: string;
  siteUrl: string;
};

/**
 * Adds an employee and, unless they can already sign in, an invitation link for them to choose
 * a password. The owner may add their own record (which ends initial setup); it is always an
 * active admin, and gets no link. Throws 409 when the e-mail is taken.
 */
export async function addEmployee(
  db: Db,
  input: EmployeeInput,
  context: InvitationContext,
): Promise<{ employee: EmployeeRecord; invitation: Invitation | null }> {
  // The owner is an admin always: their own record is added as an active admin, whatever the
  // form said (they may not know which e-mail the server was configured with).
  const values =
    input.email === context.ownerEmail
      ? { ...input, role: "admin" as const, isActive: true }
      : input;
  const now = new Date().toISOString();
  const id = randomUUID();
  try {
    const invitation = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("employees")
        .values({ id, ...values, createdAt: now, updatedAt: now })
        .execute();
      if (input.email === context.ownerEmail || (await hasLogin(trx, input.email))) return null;
      return createInvitation(trx, {
        employeeId: id,
        createdBy: context.invitedBy,
        secret: context.secret,
        siteUrl: context.siteUrl,
      });
    });
    return { employee: (await getEmployee(db, id)) as EmployeeRecord, invitation };
  } catch (error) {
    if (isUniqueViolation(error)) throw HttpError.conflict(DUPLICATE_EMAIL);
    throw error;
  }
}

/**
 * A new invitation link for an employee who has no login yet (earlier links stop working).
 * Throws 404, or 409 when they can already sign in.
 */
export async function inviteEmployee(
  db: Db,
  id: string,
  context: InvitationContext,
): Promise<Invitation> {
  return db.transaction().execute(async (trx) => {
    const employee = await trx
      .selectFrom("employees")
      .select("email")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!employee) throw HttpError.notFound(NOT_FOUND);
    if (employee.email === context.ownerEmail || (await hasLogin(trx, employee.email))) {
      throw HttpError.conflict(
        "This employee can already sign in. To reset their access, delete and add them again.",
      );
    }
    return createInvitation(trx, {
      employeeId: id,
      createdBy: context.invitedBy,
      secret: context.secret,
      siteUrl: context.siteUrl,
    });
  });
}

/**
 * Changes an employee. Deactivating ends their sessions; a new e-mail moves their login with
 * them. The owner's record keeps its e-mail, its admin role and its active state (409).
 */
export async function updateEmployee(
  db: Db,
  id: string,
  input: EmployeeInput,
  { ownerEmail }: EmployeeContext,
): Promise<EmployeeRecord> {
  try {
    await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("employees")
        .select(["email", "isActive"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!current) throw HttpError.notFound(NOT_FOUND);
      if (current.email === ownerEmail) {
        if (input.email !== current.email) throw HttpError.conflict(OWNER_KEEPS_EMAIL);
        assertOwnerStaysAdmin(input);
      } else if (input.email === ownerEmail) {
        throw HttpError.conflict(DUPLICATE_EMAIL);
      }
      await trx
        .updateTable("employees")
        .set({ ...input, updatedAt: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
      if (input.email !== current.email) {
        await trx
          .updateTable("users")
          .set({ email: input.email, updatedAt: new Date().toISOString() })
          .where("email", "=", current.email)
          .execute();
      }
      if (!input.isActive) await endSessionsOf(trx, input.email);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw HttpError.conflict(DUPLICATE_EMAIL);
    throw error;
  }
  return (await getEmployee(db, id)) as EmployeeRecord;
}

/** Deletes an employee and their login (sessions included). The owner's record stays (409). */
export async function deleteEmployee(
  db: Db,
  id: string,
  { ownerEmail }: EmployeeContext,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("employees")
      .select("email")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) throw HttpError.notFound(NOT_FOUND);
    if (current.email === ownerEmail) throw HttpError.conflict(OWNER_CANNOT_BE_DELETED);
    await trx.deleteFrom("employees").where("id", "=", id).execute();
    // Sessions and accounts go with the user (foreign keys with ON DELETE CASCADE).
    await trx.deleteFrom("users").where("email", "=", current.email).execute();
  });
}

function assertOwnerStaysAdmin(input: EmployeeInput) {
  if (input.role !== "admin" || !input.isActive) throw HttpError.conflict(OWNER_STAYS_ADMIN);
}

async function hasLogin(trx: Transaction<Database>, email: string): Promise<boolean> {
  const user = await trx
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  return user !== undefined;
}

/** Ends every session of the login with this e-mail, if there is one. */
async function endSessionsOf(trx: Transaction<Database>, email: string) {
  await trx
    .deleteFrom("sessions")
    .where("userId", "in", (eb) => eb.selectFrom("users").select("id").where("email", "=", email))
    .execute();
}
