import { fromNodeHeaders } from "better-auth/node";
import { Router } from "express";
import { AcceptInvitationInputSchema } from "#common/schemas/auth.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { signInWithPassword } from "#server/auth/sign-in.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import {
  acceptInvitation,
  getInvitationState,
  INVITATION_MESSAGES,
} from "#server/services/invitations.server.ts";

/** Invitation links: anyone holding one may use it once; no session needed. */
export function invitationsRouter(context: ServerContext) {
  const { db, config, auth } = context;
  const router = Router();

  router.get("/:token", async (req, res) => {
    const state = await getInvitationState(db, req.params.token, config.sessionSecret);
    if (state.status === "invalid") throw HttpError.notFound(INVITATION_MESSAGES.invalid);
    if (state.status !== "valid") throw HttpError.conflict(INVITATION_MESSAGES[state.status]);
    res.json({ email: state.email, firstName: state.firstName });
  });

  /** Sets the password, then signs the new employee in (the session cookie comes back). */
  router.post("/accept", async (req, res) => {
    const { token, password } = parseInput(AcceptInvitationInputSchema, req.body);
    const passwordHash = await (await auth.$context).password.hash(password);
    const { email } = await acceptInvitation(db, {
      token,
      passwordHash,
      secret: config.sessionSecret,
    });
    const signedIn = await signInWithPassword(auth, {
      email,
      password,
      headers: fromNodeHeaders(req.headers),
    });
    if (signedIn.ok) for (const cookie of signedIn.setCookies) res.append("Set-Cookie", cookie);
    res.json({ email, signedIn: signedIn.ok });
  });

  return router;
}
