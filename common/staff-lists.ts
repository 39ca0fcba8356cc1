/**
 * The dashboard's paged lists of subscribers, apps and employees
 * (docs/product/dashboard.md#staff-lists): the orders each list takes and its page sizes, shared by
 * the sections and the API.
 */

/** Rows per page when `limit` is left out. */
export const STAFF_PAGE_SIZE = 25;
/** The most rows one page may ask for. */
export const MAX_STAFF_PAGE_SIZE = 100;

/** The Mailing List's orders; `-` is the reverse. Newest first by default. */
export const SUBSCRIBER_SORTS = ["-createdAt", "createdAt", "email", "-email"] as const;
export type SubscriberSort = (typeof SUBSCRIBER_SORTS)[number];

/** Apps & Tools' orders: by default the public page's own (sortOrder, then name). */
export const APP_SORTS = [
  "sortOrder",
  "-sortOrder",
  "name",
  "-name",
  "-createdAt",
  "createdAt",
  "-updatedAt",
  "updatedAt",
] as const;
export type AppSort = (typeof APP_SORTS)[number];

/** Employees' orders: by default the order they were added. */
export const EMPLOYEE_SORTS = [
  "createdAt",
  "-createdAt",
  "name",
  "-name",
  "role",
  "-role",
] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

/** What each order is called in the sections' `Sort by` menus. */
export const STAFF_SORT_LABELS: Record<string, string> = {
  "-createdAt": "Newest first",
  createdAt: "Oldest first",
  email: "Address A to Z",
  "-email": "Address Z to A",
  sortOrder: "Page order",
  "-sortOrder": "Page order, reversed",
  name: "Name A to Z",
  "-name": "Name Z to A",
  "-updatedAt": "Recently edited",
  updatedAt: "Least recently edited",
  role: "Role (admins first)",
  "-role": "Role (employees first)",
};

/** The role filter of the Employees list. */
export const EMPLOYEE_ROLE_FILTERS = ["admin", "employee"] as const;
