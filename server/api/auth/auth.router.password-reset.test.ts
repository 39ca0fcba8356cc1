import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { PASSWORD_RULE } from "#common/schemas/auth.ts";
import {
  RESET_LIMITS,
  RESET_LINK_MESSAGES,
  resetLinkState,
  TOO_MANY_RESETS_MESSAGE,
} from "#server/auth/password-reset.server.ts";
import { setLogDestination } from "#server/config/logger.server.ts";
import {
  createEmployee,
  createLogin,
  fakeEmployee,
  fakePassword,
} from "#tests/factories/employee.ts";
import { eventually, readError } from "#tests/helpers/http.ts";
import { type LogLine, logLinesInto } from "#tests/helpers/log-lines.ts";
import {
  type MailingTestServer,
  startMailingTestServer,
} from "#tests/helpers/mailing-test-server.ts";
import type { TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { OWNER_ENV, requestAs, signIn, signInRequest } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";

const SAME_ANSWER = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
};

describeEachDatabase("forgot password", (kind) => {
  let mailing: MailingTestServer;
  let smtp: TestSmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    mailing = await startMailingTestServer(kind, {
      env: { ...OWNER_ENV, COMPANY_NAME: "Blockworks" },
    });
    ({ smtp, server } = mailing);
  });
  afterAll(() => mailing?.close());
  const db = () => server.db.handle.db;

  let logLines: LogLine[] = [];
  let previousLog: ReturnType<typeof setLogDestination> | undefined;
  beforeEach(() => {
    logLines = [];
    previousLog = setLogDestination(logLinesInto(logLines));
  });
  afterEach(() => {
    if (previousLog) setLogDestination(previousLog);
  });

  const askReset = (email: string, address = "203.0.113.7") =>
    server.postJson(
      "/api/auth/request-password-reset",
      { email },
      {
        headers: {
          "content-type": "application/json",
          origin: server.url,
          "x-forwarded-for": address,
        },
      },
    );
  const resetWith = (token: string, newPassword: string) =>
    server.postJson(
      "/api/auth/reset-password",
      { token, newPassword },
      { headers: { "content-type": "application/json", origin: server.url } },
    );

  /** An active employee with a password login. */
  async function staffMember(overrides = {}) {
    const employee = await createEmployee(db(), overrides);
    const login = await createLogin(db(), server.auth, { email: employee.email });
    return { ...login, firstName: employee.firstName };
  }

  /** The token of the newest reset mail to this address. */
  async function mailedToken(email: string, count = 1): Promise<string> {
    const mails = await eventually(async () => {
      const to = smtp.received.filter((mail) => mail.to.includes(email));
      expect(to.length).toBeGreaterThanOrEqual(count);
      return to;
    });
    const text = mails.at(-1)?.parsed.text ?? "";
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(token, text).toBeDefined();
    return token as string;
  }

  /** The tokens of the reset mails to this address, once `count` have arrived. */
  async function mailedTokens(email: string, count: number): Promise<string[]> {
    const mails = await eventually(async () => {
      const to = smtp.received.filter((mail) => mail.to.includes(email));
      expect(to.length).toBeGreaterThanOrEqual(count);
      return to;
    });
    return mails.map(
      (mail) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? "")?.[1] ?? "",
    );
  }

  async function noMailLogged(email: string) {
    await eventually(async () => {
      expect(logLines.map((line) => line.msg).join("\n")).toContain(
        `A password reset was asked for ${email}; no e-mail was sent`,
      );
    });
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toEqual([]);
  }

  it("answers the same for an address with an account and one without, and mails only the first", async () => {
    const member = await staffMember({ firstName: "Ivy" });
    const known = await askReset(member.email);
    const unknown = await askReset("nobody-here@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(SAME_ANSWER);
    expect(await unknown.json()).toEqual(SAME_ANSWER);
    await mailedToken(member.email);
    const mail = smtp.received.find((m) => m.to.includes(member.email));
    expect(mail?.parsed.subject).toBe("Reset your Blockworks password");
    expect(mail?.parsed.text).toContain("Hello Ivy");
    expect(mail?.parsed.text).toContain(`${server.config.siteUrl}/reset-password/`);
    expect(mail?.parsed.html).toContain(`${server.config.siteUrl}/reset-password/`);
    expect(smtp.received.filter((m) => m.to.includes("nobody-here@example.com"))).toEqual([]);
  });

  it("mails nothing to a deactivated employee, nor to a login without an employee record", async () => {
    const inactive = await staffMember({ isActive: false });
    expect(await (await askReset(inactive.email)).json()).toEqual(SAME_ANSWER);
    await noMailLogged(inactive.email);
    const stranger = await createLogin(db(), server.auth, { email: "stranger@example.com" });
    expect(await (await askReset(stranger.email)).json()).toEqual(SAME_ANSWER);
    await noMailLogged(stranger.email);
  });

  it("mails nothing to an account that signs in only through the identity provider", async () => {
    const member = await staffMember();
    await db().deleteFrom("accounts").where("userId", "=", member.userId).execute();
    expect(await (await askReset(member.email)).json()).toEqual(SAME_ANSWER);
    await noMailLogged(member.email);
  });

  it("mails the owner", async () => {
    expect((await askReset(OWNER_ENV.ADMIN_EMAIL)).status).toBe(200);
    await mailedToken(OWNER_ENV.ADMIN_EMAIL);
  });

  it("sets the new password once, ends every session, and the old password stops working", async () => {
    const member = await staffMember();
    const first = await signIn(server, member.email, member.password);
    const second = await signIn(server, member.email, member.password);
    expect((await requestAs(server, { cookie: first }, "/api/auth/user")).status).toBe(200);

    await askReset(member.email);
    const token = await mailedToken(member.email);
    expect(await resetLinkState(await findVerification(), token)).toBe("valid");

    const short = await resetWith(token, "short");
    expect(short.status).toBe(400);
    const newPassword = fakePassword();
    const done = await resetWith(token, newPassword);
    expect(done.status, await done.clone().text()).toBe(200);

    for (const cookie of [first, second]) {
      expect((await requestAs(server, { cookie }, "/api/auth/user")).status).toBe(401);
    }
    expect((await signInRequest(server, member.email, member.password)).status).toBe(401);
    expect((await signInRequest(server, member.email, newPassword)).status).toBe(200);

    const again = await resetWith(token, fakePassword());
    expect(again.status).toBe(400);
    expect(await resetLinkState(await findVerification(), token)).toBe("invalid");
    expect((await signInRequest(server, member.email, newPassword)).status).toBe(200);
  });

  it("ends every other outstanding link of the account once one is used", async () => {
    const member = await staffMember();
    await askReset(member.email);
    await askReset(member.email);
    const [used, other] = await mailedTokens(member.email, 2);
    expect(used).not.toBe(other);
    expect((await resetWith(used as string, fakePassword())).status).toBe(200);
    const stale = await resetWith(other as string, fakePassword());
    expect(stale.status).toBe(400);
    expect(await resetLinkState(await findVerification(), other as string)).toBe("invalid");
  });

  it("ends every outstanding link of the account when the password is changed in My account", async () => {
    const member = await staffMember();
    const other = await staffMember();
    await askReset(member.email);
    await askReset(other.email);
    const token = await mailedToken(member.email);
    const othersToken = await mailedToken(other.email);
    const cookie = await signIn(server, member.email, member.password);
    const newPassword = fakePassword();
    const changed = await requestAs(server, { cookie }, "/api/auth/change-password", {
      method: "POST",
      body: { currentPassword: member.password, newPassword },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await resetWith(token, fakePassword())).status).toBe(400);
    expect(await resetLinkState(await findVerification(), token)).toBe("invalid");
    expect((await signInRequest(server, member.email, newPassword)).status).toBe(200);
    // Another account's link is its own.
    expect(await resetLinkState(await findVerification(), othersToken)).toBe("valid");
  });

  it("refuses a link after one hour", async () => {
    const member = await staffMember();
    await askReset(member.email);
    const token = await mailedToken(member.email);
    const row = await db()
      .selectFrom("verifications")
      .select(["identifier", "expiresAt"])
      .where("value", "=", member.userId)
      .executeTakeFirstOrThrow();
    // Stored as a hash: the database alone opens no account.
    expect(row.identifier).not.toContain(token);
    const expiresIn = new Date(row.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60 * 1000);
    await db()
      .updateTable("verifications")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("value", "=", member.userId)
      .execute();
    expect(await resetLinkState(await findVerification(), token)).toBe("expired");
    expect((await resetWith(token, fakePassword())).status).toBe(400);
    expect((await signInRequest(server, member.email, member.password)).status).toBe(200);
  });

  it("treats a made-up token as not valid", async () => {
    expect(await resetLinkState(await findVerification(), "made-up-token")).toBe("invalid");
    expect(await resetLinkState(await findVerification(), "../../etc")).toBe("invalid");
    expect(RESET_LINK_MESSAGES.invalid).toMatch(/already been used or is not valid/);
    expect((await resetWith("made-up-token", fakePassword())).status).toBe(400);
    expect(PASSWORD_RULE).toContain("12");
  });

  async function findVerification() {
    const context = await server.auth.$context;
    return (identifier: string) => context.internalAdapter.findVerificationValue(identifier);
  }
});

describeEachDatabase("forgot password limits", (kind) => {
  let mailing: MailingTestServer;
  let server: TestServer;
  beforeAll(async () => {
    mailing = await startMailingTestServer(kind, { env: { TRUST_PROXY: "1" } });
    ({ server } = mailing);
  });
  afterAll(() => mailing?.close());
  const ask = (email: string, address: string) =>
    server.postJson(
      "/api/auth/request-password-reset",
      { email },
      {
        headers: {
          "content-type": "application/json",
          origin: server.url,
          "x-forwarded-for": address,
        },
      },
    );

  it(`refuses one client more than ${RESET_LIMITS.perAccountPerAddress} requests an hour for one e-mail address`, async () => {
    const email = fakeEmployee().email;
    for (let i = 0; i < RESET_LIMITS.perAccountPerAddress; i += 1) {
      expect((await ask(email, "198.51.100.1")).status).toBe(200);
    }
    const refused = await ask(email, "198.51.100.1");
    expect((await readError(refused, 429)).message).toBe(TOO_MANY_RESETS_MESSAGE);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // That client may still ask for another address, and another client for this one.
    expect((await ask(fakeEmployee().email, "198.51.100.1")).status).toBe(200);
    expect((await ask(email, "198.51.100.2")).status).toBe(200);
  });

  it(`answers the owner after strangers asked for the account from many addresses, and mails it at most ${RESET_LIMITS.mailsPerAccount} links an hour, each of which works`, async () => {
    const db = server.db.handle.db;
    const employee = await createEmployee(db);
    const { email, userId } = await createLogin(db, server.auth, { email: employee.email });
    for (let i = 0; i < RESET_LIMITS.mailsPerAccount + 3; i += 1) {
      const stranger = await ask(email, `203.0.113.${i + 1}`);
      expect(stranger.status).toBe(200);
      expect(await stranger.json()).toEqual(SAME_ANSWER);
    }
    const owner = await ask(email, "192.0.2.77");
    expect(owner.status).toBe(200);
    expect(await owner.json()).toEqual(SAME_ANSWER);

    const links = await db
      .selectFrom("verifications")
      .select("id")
      .where("value", "=", userId)
      .execute();
    expect(links).toHaveLength(RESET_LIMITS.mailsPerAccount);
    const mails = await eventually(async () => {
      const to = mailing.smtp.received.filter((mail) => mail.to.includes(email));
      expect(to).toHaveLength(RESET_LIMITS.mailsPerAccount);
      return to;
    });
    // Whoever asked, the links went to the owner's mailbox, and they work.
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mails[0]?.parsed.text ?? "")?.[1];
    const newPassword = fakePassword();
    const reset = await server.postJson(
      "/api/auth/reset-password",
      { token, newPassword },
      { headers: { "content-type": "application/json", origin: server.url } },
    );
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await signInRequest(server, email, newPassword)).status).toBe(200);
  });

  it(`refuses more than ${RESET_LIMITS.perAddress} requests an hour from one client address`, async () => {
    for (let i = 0; i < RESET_LIMITS.perAddress; i += 1) {
      expect((await ask(fakeEmployee().email, "192.0.2.9")).status).toBe(200);
    }
    const refused = await ask(fakeEmployee().email, "192.0.2.9");
    expect((await readError(refused, 429)).message).toBe(TOO_MANY_RESETS_MESSAGE);
    expect((await ask(fakeEmployee().email, "192.0.2.10")).status).toBe(200);
  });
});
