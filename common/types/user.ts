import type { StaffRole } from "#common/access.ts";

/** `GET /api/auth/user`: the signed-in account (docs/product/api.md#sign-in-calls). */
export type CurrentUser = {
  id: string;
  email: string;
  /** From the employee record; null when there is none (the greeting then uses the e-mail). */
  firstName: string | null;
  /**
   * The owner before an employee record with the owner's e-mail exists
   * (docs/product/access.md#initial-setup).
   */
  isInitialSetup: boolean;
  /** The effective role; null when the account is signed in but has no staff access. */
  role: StaffRole | null;
};
