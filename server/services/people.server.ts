import type { Db } from "#server/db/db.server.ts";

// People's names (docs/product/content-model.md#people): posts, revisions, working copies and
// sendings keep a user id; its name is read here, when shown, from the employee record with the
// login's e-mail, so a renamed employee is renamed everywhere at once and nothing stores a copy.

/** Display names by user id; an id without a login (deleted since) is not in the map. */
export type DisplayNames = ReadonlyMap<string, string>;

/**
 * What a person's display name is made from: their employee record, found by their login's
 * e-mail (null when they have none), and their login (better-auth's user).
 */
export type PersonNameSource = {
  firstName: string | null;
  lastName: string | null;
  /** The login's own name; the owner's login starts with none. */
  userName: string | null;
  email: string;
};

/**
 * How a person is named everywhere: staff tables and filters, History, newsletters and the public
 * byline. The employee record's first and last name; for a login without one (the owner before
 * adding themselves), the login's own name; else the part of the address before the @, so the
 * whole address is never shown as a name.
 */
export function displayNameOf(person: PersonNameSource): string {
  const employeeName = [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? "")
    .filter((part) => part !== "")
    .join(" ");
  if (employeeName !== "") return employeeName;
  const userName = person.userName?.trim() ?? "";
  if (userName !== "") return userName;
  const at = person.email.indexOf("@");
  return at > 0 ? person.email.slice(0, at) : person.email;
}

/** How many ids one statement asks for, well under either database's parameter limit. */
const IDS_PER_QUERY = 500;

/** The display names of these users (displayNameOf), by user id. Nulls are skipped. */
export async function getDisplayNames(
  db: Db,
  userIds: Iterable<string | null | undefined>,
): Promise<DisplayNames> {
  const ids = [...new Set([...userIds].filter((id): id is string => typeof id === "string"))];
  const names = new Map<string, string>();
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const rows = await selectPeople(db)
      .where("users.id", "in", ids.slice(start, start + IDS_PER_QUERY))
      .execute();
    for (const row of rows) names.set(row.id, displayNameOf(row));
  }
  return names;
}

/** One user's display name, or null when there is no such login (or no id). */
export async function getDisplayName(db: Db, userId: string | null): Promise<string | null> {
  if (userId === null) return null;
  return (await getDisplayNames(db, [userId])).get(userId) ?? null;
}

/**
 * The display name of whoever has this e-mail: their login's, else their employee record's, else
 * (nobody has it any more) the part before the @, like any name without a record.
 */
export async function getDisplayNameByEmail(db: Db, email: string): Promise<string> {
  const address = email.toLowerCase();
  const login = await selectPeople(db).where("users.email", "=", address).executeTakeFirst();
  if (login) return displayNameOf(login);
  const employee = await db
    .selectFrom("employees")
    .select(["firstName", "lastName"])
    .where("email", "=", address)
    .executeTakeFirst();
  return displayNameOf({ firstName: null, lastName: null, ...employee, userName: null, email });
}

/** Logins with what their names are made from. Both e-mails are stored lower-cased. */
function selectPeople(db: Db) {
  return db
    .selectFrom("users")
    .leftJoin("employees", "employees.email", "users.email")
    .select([
      "users.id",
      "users.email",
      "users.name as userName",
      "employees.firstName",
      "employees.lastName",
    ]);
}
