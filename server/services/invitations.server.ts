import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Transaction } from "kysely";
import { invitationPath } from "#common/paths.ts";
import { INVITATION_MESSAGES } from "#common/schemas/auth.ts";
import type { Invitation } from "#common/types/employee.ts";
import type { Db } from "#server/db/db.server.ts";
import type { Database } from "#server/db/tables.ts";
import { HttpError } from "#server/errors.ts";

// Invitation links belong to the employee records, so they live with the services: auth may use
// services (the viewer's employee record, the owner's password login), services never use auth.

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export { INVITATION_MESSAGES };

export type InvitationState =
  | { status: "valid"; email: string; firstName: string }
  | { status: keyof typeof INVITATION_MESSAGES };

/**
 * A link token is a random value and its HMAC under the session secret: a forged or mistyped
 * token is refused without a database lookup, and changing the secret voids every open link.
 * Only a SHA-256 hash of the token is stored.
 */
function signToken(random: string, secret: string): string {
  const mac = createHmac("sha256", secret).update(`invitation:${random}`).digest("base64url");
  return `${random}.${mac}`;
}

function hasValidSignature(token: string, secret: string): boolean {
  const [random, mac, extra] = token.split(".");
  if (!random || !mac || extra !== undefined) return false;
  const expected = Buffer.from(signToken(random, secret));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Creates an invitation link for an employee; earlier unused links for them stop working, so
 * only the newest one can be used.
 */
export async function createInvitation(
  db: Db | Transaction<Database>,
  {
    employeeId,
    createdBy,
    secret,
    siteUrl,
    now = new Date(),
  }: { employeeId: string; createdBy: string | null; secret: string; siteUrl: string; now?: Date },
): Promise<Invitation> {
  const token = signToken(randomBytes(32).toString("base64url"), secret);
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  await db
    .updateTable("invitations")
    .set({ usedAt: now.toISOString() })
    .where("employeeId", "=", employeeId)
    .where("usedAt", "is", null)
    .execute();
  await db
    .insertInto("invitations")
    .values({
      id: randomUUID(),
      employeeId,
      tokenHash: hashToken(token),
      expiresAt,
      usedAt: null,
      createdBy,
      createdAt: now.toISOString(),
    })
    .execute();
  return { url: `${siteUrl}${invitationPath(token)}`, expiresAt };
}

/** What an invitation link is good for right now (the /invite page shows it before the form). */
export async function getInvitationState(
  db: Db,
  token: string,
  secret: string,
  now = new Date(),
): Promise<InvitationState> {
  if (!hasValidSignature(token, secret)) return { status: "invalid" };
  const row = await db
    .selectFrom("invitations")
    .innerJoin("employees", "employees.id", "invitations.employeeId")
    .select([
      "invitations.usedAt",
      "invitations.expiresAt",
      "employees.email",
      "employees.firstName",
    ])
    .where("invitations.tokenHash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return { status: "invalid" };
  if (row.usedAt !== null) return { status: "used" };
  if (row.expiresAt <= now.toISOString()) return { status: "expired" };
  return { status: "valid", email: row.email, firstName: row.firstName };
}

/**
 * Uses an invitation: creates the employee's login with the chosen password and marks the link
 * used, in one transaction, so a link works exactly once even when two requests race.
 * Returns the e-mail to sign in with.
 * Throws 404 (unknown link) or 409 (used or expired).
 */
export async function acceptInvitation(
  db: Db,
  {
    token,
    passwordHash,
    secret,
    now = new Date(),
  }: { token: string; passwordHash: string; secret: string; now?: Date },
): Promise<{ email: string }> {
  if (!hasValidSignature(token, secret)) throw HttpError.notFound(INVITATION_MESSAGES.invalid);
  const tokenHash = hashToken(token);
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    // The conditional update is the claim: of two racing requests only one changes the row.
    const claimed = await trx
      .updateTable("invitations")
      .set({ usedAt: nowIso })
      .where("tokenHash", "=", tokenHash)
      .where("usedAt", "is", null)
      .where("expiresAt", ">", nowIso)
      .returning("employeeId")
      .executeTakeFirst();
    if (!claimed) {
      const row = await trx
        .selectFrom("invitations")
        .select(["usedAt"])
        .where("tokenHash", "=", tokenHash)
        .executeTakeFirst();
      if (!row) throw HttpError.notFound(INVITATION_MESSAGES.invalid);
      throw HttpError.conflict(
        row.usedAt !== null ? INVITATION_MESSAGES.used : INVITATION_MESSAGES.expired,
      );
    }
    const employee = await trx
      .selectFrom("employees")
      .select(["email", "firstName", "lastName"])
      .where("id", "=", claimed.employeeId)
      .executeTakeFirstOrThrow();
    await createPasswordLogin(trx, {
      email: employee.email,
      name: `${employee.firstName} ${employee.lastName}`.trim(),
      passwordHash,
      nowIso,
    });
    return { email: employee.email };
  });
}

/**
 * Creates a password login for this e-mail: the user when there is none, and its credential
 * account with the password hash (from better-auth's own hasher). A login that already has a
 * password is left alone (409), so neither an invitation nor the owner's bootstrap can take
 * over an account someone already uses. Used by invitations and the owner's bootstrap.
 */
export async function createPasswordLogin(
  trx: Transaction<Database>,
  {
    email,
    name,
    passwordHash,
    nowIso,
  }: { email: string; name: string; passwordHash: string; nowIso: string },
): Promise<{ userId: string }> {
  let user = await trx
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  if (!user) {
    user = { id: randomUUID() };
    await trx
      .insertInto("users")
      .values({
        id: user.id,
        name,
        email,
        // The address was given by an admin (or the server's configuration) and the link
        // reached its owner, which is what verifying it would prove.
        emailVerified: true,
        image: null,
        createdAt: nowIso,
        updatedAt: nowIso,
      })
      .execute();
  }
  const userId = user.id;
  const credential = await trx
    .selectFrom("accounts")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  if (credential) throw HttpError.conflict(INVITATION_MESSAGES.used);
  await trx
    .insertInto("accounts")
    .values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: passwordHash,
      createdAt: nowIso,
      updatedAt: nowIso,
    })
    .execute();
  return { userId };
}
