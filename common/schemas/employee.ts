import { STAFF_ROLES } from "#common/access.ts";
import { z } from "#common/zod.ts";

/**
 * The Add / Edit Employee form and `POST` / `PUT /api/employees` (docs/product.md#employee-form).
 * Unknown fields are dropped, so a request cannot set anything the form does not have.
 */
export const EmployeeInputSchema = z.object({
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .max(254, "Invalid email address")
    .pipe(z.email("Invalid email address"))
    .transform((email) => email.toLowerCase()),
  firstName: z
    .string({ error: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(100, "First name must be at most 100 characters"),
  lastName: z
    .string({ error: "Last name is required" })
    .trim()
    .min(1, "Last name is required")
    .max(100, "Last name must be at most 100 characters"),
  role: z.enum(STAFF_ROLES, { error: "Role must be admin or employee" }).default("employee"),
  isActive: z.boolean({ error: "Active must be true or false" }).default(true),
});

export type EmployeeInput = z.output<typeof EmployeeInputSchema>;
/** What the form holds before parsing (role and isActive may be left out). */
export type EmployeeFormValues = z.input<typeof EmployeeInputSchema>;
