/**
 * Who may do what (docs/product/access.md#who-may-do-what), as small pure rules shared by the
 * server's access checks and the pages that show or hide staff features.
 */

export const STAFF_ROLES = ["admin", "employee"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Anything that carries the effective role: the current user from `GET /api/auth/user`, a viewer. */
export type RoleHolder = { role: StaffRole | null } | null | undefined;

/**
 * The role a signed-in account acts with: the owner is always an admin; otherwise an active
 * employee record decides; no record, or an inactive one, means no staff access (null).
 */
export function effectiveRole({
  isOwner,
  employee,
}: {
  isOwner: boolean;
  employee: { role: string; isActive: boolean } | null;
}): StaffRole | null {
  if (isOwner) return "admin";
  if (!employee?.isActive) return null;
  return employee.role === "admin" ? "admin" : "employee";
}

/** Content, uploads, subscribers, dashboard: every active employee and the owner. */
export function hasStaffAccess(user: RoleHolder): boolean {
  return user?.role === "admin" || user?.role === "employee";
}

/** The Employees section and `/api/employees`: admins and the owner. */
export function canManageEmployees(user: RoleHolder): boolean {
  return user?.role === "admin";
}
