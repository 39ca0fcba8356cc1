import type { StaffRole } from "#common/access.ts";

/**
 * An employee as `GET /api/employees` sends it
 * (docs/product/content-model.md#employees-and-subscribers).
 */
export type Employee = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  isActive: boolean;
  /** The owner's own record (ADMIN_EMAIL): it cannot be deactivated, demoted or deleted. */
  isOwner: boolean;
  /** Whether the employee has set a password or signed in (false until the invitation is used). */
  hasLogin: boolean;
  createdAt: string;
  updatedAt: string;
};

/** An invitation link for the admin to pass on; it works once, until expiresAt. */
export type Invitation = {
  url: string;
  expiresAt: string;
};

/**
 * An invitation as the employees calls answer it: the link, and whether it was also mailed to
 * the invited address (false: the mail could not be sent, so the admin passes the link on).
 */
export type SentInvitation = Invitation & {
  mailed: boolean;
  /** True when the site has no SMTP server: the e-mail was kept in the Outbox, not sent. */
  outbox: boolean;
};

/**
 * `POST /api/employees`: the new employee and their invitation link, or null when they can
 * already sign in (the owner, or an existing login with that e-mail).
 */
export type EmployeeWithInvitation = Employee & { invitation: SentInvitation | null };
