import type { StaffRole } from "#common/access.ts";

/** `GET /api/auth/user`: the signed-in account (DECISIONS.md section 4). */
export type CurrentUser = {
  id: string;
  email: string;
  /** From the employee record; null when there is none (the greeting then uses the e-mail). */
  firstName: string | null;
  /** The owner before an employee record with the owner's e-mail exists (SPEC.md section 4). */
  isInitialSetup: boolean;
  /** The effective role; null when the account is signed in but has no staff access. */
  role: StaffRole | null;
};
