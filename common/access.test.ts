import { describe, expect, it } from "vitest";
import { canManageEmployees, effectiveRole, hasStaffAccess } from "./access.ts";

describe("effectiveRole", () => {
  it("makes the owner an admin whatever their record says, or without one", () => {
    expect(effectiveRole({ isOwner: true, employee: null })).toBe("admin");
    expect(effectiveRole({ isOwner: true, employee: { role: "employee", isActive: false } })).toBe(
      "admin",
    );
  });

  it("gives an active employee the role of their record", () => {
    expect(effectiveRole({ isOwner: false, employee: { role: "admin", isActive: true } })).toBe(
      "admin",
    );
    expect(effectiveRole({ isOwner: false, employee: { role: "employee", isActive: true } })).toBe(
      "employee",
    );
  });

  it("gives no role without a record or with an inactive one", () => {
    expect(effectiveRole({ isOwner: false, employee: null })).toBeNull();
    expect(
      effectiveRole({ isOwner: false, employee: { role: "admin", isActive: false } }),
    ).toBeNull();
  });

  it("treats an unknown stored role as the lesser one", () => {
    expect(effectiveRole({ isOwner: false, employee: { role: "root", isActive: true } })).toBe(
      "employee",
    );
  });
});

describe("hasStaffAccess and canManageEmployees", () => {
  it.each([
    [null, false, false],
    [undefined, false, false],
    [{ role: null }, false, false],
    [{ role: "employee" as const }, true, false],
    [{ role: "admin" as const }, true, true],
  ])("%j: staff %s, employees %s", (user, staff, employees) => {
    expect(hasStaffAccess(user)).toBe(staff);
    expect(canManageEmployees(user)).toBe(employees);
  });
});
