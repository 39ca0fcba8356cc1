import type { Config } from "#server/config/env.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { isUniqueViolation } from "#server/db/dialect.server.ts";
import { HttpError } from "#server/errors.ts";
import { createPasswordLogin } from "#server/services/invitations.server.ts";
import type { Auth } from "./auth.server.ts";

/**
 * Creates the owner's login from ADMIN_EMAIL and ADMIN_PASSWORD when no login with that e-mail
 * exists; an existing one is never changed (its password may have been changed since).
 * Safe when two processes start at once: the unique e-mail and the one-password rule let only
 * one insert win, and the loser answers "exists".
 * Returns "created", "exists", or "not-configured".
 */
export async function ensureOwnerAccount({
  db,
  auth,
  config,
}: {
  db: Db;
  auth: Auth;
  config: Config;
}): Promise<"created" | "exists" | "not-configured"> {
  const { adminEmail, adminPassword } = config;
  if (!adminEmail || !adminPassword) return "not-configured";
  if (await loginExists(db, adminEmail)) return "exists";
  const passwordHash = await (await auth.$context).password.hash(adminPassword);
  try {
    return await db.transaction().execute(async (trx) => {
      // Checked again inside the transaction: another process may have just created it.
      const existing = await trx
        .selectFrom("users")
        .select("id")
        .where("email", "=", adminEmail)
        .executeTakeFirst();
      if (existing) return "exists" as const;
      await createPasswordLogin(trx, {
        email: adminEmail,
        name: "",
        passwordHash,
        nowIso: new Date().toISOString(),
      });
      return "created" as const;
    });
  } catch (error) {
    // The other process's insert won: either its user row collided with ours, or it committed
    // between our check and createPasswordLogin's, which then refuses to add a second password.
    if (isUniqueViolation(error)) return "exists";
    if (error instanceof HttpError && error.status === 409) return "exists";
    throw error;
  }
}

async function loginExists(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  return row !== undefined;
}
