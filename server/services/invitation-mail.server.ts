import type { SiteSettings } from "#common/schemas/site-settings.ts";
import type { Invitation, SentInvitation } from "#common/types/employee.ts";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { describeError } from "#server/errors.ts";
import { invitationMessage } from "#server/mail/account-mail.server.ts";
import type { Mailer } from "#server/mail/mailer.server.ts";
import { getDisplayName } from "./people.server.ts";
import { currentSiteSettings } from "./site-settings.server.ts";

/**
 * Mails a new invitation link to the invited address. A mail that cannot be sent does not undo
 * the invitation: the answer says `mailed: false`, the dashboard says so, the admin passes the
 * link on by hand, and the log says why.
 */
export async function mailInvitation(
  { db, mailer, siteDefaults }: { db: Db; mailer: Mailer; siteDefaults: SiteSettings },
  {
    invitation,
    employee,
    invitedBy,
  }: {
    invitation: Invitation;
    employee: { email: string; firstName: string };
    /** The admin's login. */
    invitedBy: { id: string; email: string };
  },
): Promise<SentInvitation> {
  const outbox = mailer.kind === "outbox";
  try {
    const { companyName } = await currentSiteSettings(db, siteDefaults);
    // Their display name, and the address the new employee may want to answer.
    const inviter = (await getDisplayName(db, invitedBy.id)) ?? invitedBy.email;
    await mailer.send(
      invitationMessage({
        to: employee.email,
        firstName: employee.firstName,
        companyName,
        invitedBy: `${inviter} (${invitedBy.email})`,
        url: invitation.url,
        expiresAt: invitation.expiresAt,
      }),
    );
    return { ...invitation, mailed: true, outbox };
  } catch (error) {
    logger.warn(
      { err: error },
      `The invitation e-mail to ${employee.email} was not sent: ${describeError(error)}`,
    );
    return { ...invitation, mailed: false, outbox };
  }
}
