import { STAFF_ROLES } from "#common/access.ts";
import { z } from "#common/zod.ts";

/**
 * The employee form's messages that are not about a missing name
 * (docs/product/dashboard.md#employee-form).
 */
export const EMPLOYEE_MESSAGES = {
  email: "Invalid email address",
  role: "Choose a role: Employee or Admin.",
  isActive: "Choose whether this employee can sign in to the dashboard.",
} as const;

/**
 * The Add / Edit Employee form and `POST` / `PUT /api/employees`
 * (docs/product/dashboard.md#employee-form). Unknown fields are dropped, so a request cannot set
 * anything the form does not have.
 */
export const EmployeeInputSchema = z.object({
  email: z
    .string({ error: EMPLOYEE_MESSAGES.email })
    .trim()
    .max(254, EMPLOYEE_MESSAGES.email)
    .pipe(z.email(EMPLOYEE_MESSAGES.email))
    .transform((email) => email.toLowerCase()),
  firstName: z
    .string({ error: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(100, "Keep the first name to 100 characters or fewer."),
  lastName: z
    .string({ error: "Last name is required" })
    .trim()
    .min(1, "Last name is required")
    .max(100, "Keep the last name to 100 characters or fewer."),
  role: z.enum(STAFF_ROLES, { error: EMPLOYEE_MESSAGES.role }).default("employee"),
  isActive: z.boolean({ error: EMPLOYEE_MESSAGES.isActive }).default(true),
});

export type EmployeeInput = z.output<typeof EmployeeInputSchema>;
