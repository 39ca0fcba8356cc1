/**
 * Who the overview greets: the first name, else the part of the e-mail before the @, else
 * 'Employee' (docs/product/dashboard.md#overview).
 */
export function greetingName(user: { firstName: string | null; email: string }): string {
  const firstName = user.firstName?.trim();
  if (firstName) return firstName;
  const local = user.email.split("@")[0]?.trim();
  return local || "Employee";
}
