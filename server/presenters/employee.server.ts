import type { Employee } from "#common/types/employee.ts";
import type { EmployeeRow } from "#server/db/tables.ts";

/** An employee row, and the id of the login with its e-mail (null before the first sign-in). */
type EmployeeRecord = EmployeeRow & { userId: string | null };

/** An employee row as the API sends it; `ownerEmail` marks the owner's own record. */
export function presentEmployee(row: EmployeeRecord, ownerEmail: string | undefined): Employee {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role === "admin" ? "admin" : "employee",
    isActive: Boolean(row.isActive),
    isOwner: ownerEmail !== undefined && row.email === ownerEmail,
    hasLogin: row.userId !== null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
