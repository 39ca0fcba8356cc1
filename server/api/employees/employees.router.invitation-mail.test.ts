import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SentInvitation } from "#common/types/employee.ts";
import { outboxDir } from "#server/mail/mailer.server.ts";
import { fakeEmployee } from "#tests/factories/employee.ts";
import {
  type MailingTestServer,
  startMailingTestServer,
} from "#tests/helpers/mailing-test-server.ts";
import type { TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";
import { employeeCalls } from "./employees.router.fixture.ts";

/** Addresses at this domain are refused by the SMTP server for good (550). */
const REFUSED_DOMAIN = "refused.test";

describeEachDatabase("invitation e-mails", (kind) => {
  let mailing: MailingTestServer;
  let smtp: TestSmtpServer;
  let server: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    mailing = await startMailingTestServer(kind, {
      smtp: {
        answer: ({ to }) =>
          to.some((address) => address.endsWith(`@${REFUSED_DOMAIN}`))
            ? { code: 550, message: "No such mailbox here" }
            : undefined,
      },
      env: { COMPANY_NAME: "Blockworks" },
    });
    ({ smtp, server } = mailing);
    admin = await signInAs(server, "admin");
    await server.db.handle.db
      .updateTable("employees")
      .set({ firstName: "Ada", lastName: "Byron" })
      .where("email", "=", admin.email)
      .execute();
  });
  afterAll(() => mailing?.close());
  const { addEmployee, tokenOf } = employeeCalls(() => ({ server, admin }));
  const mailTo = async (email: string) => {
    const all = await smtp.waitFor(smtp.received.length);
    return all.filter((mail) => mail.to.includes(email));
  };

  it("mails the link, its expiry, the company and who invited them, in HTML and text", async () => {
    const before = smtp.received.length;
    const added = await addEmployee(fakeEmployee({ firstName: "Ivy" }));
    expect(added.invitation).toMatchObject({ mailed: true, outbox: false });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.to).toEqual([added.email]);
    const parsed = mail?.parsed;
    // The inviter by their display name (docs/product/content-model.md#people) and address.
    expect(parsed?.subject).toBe(`Ada Byron (${admin.email}) invited you to Blockworks`);
    const url = added.invitation?.url ?? "";
    expect(parsed?.text).toContain(url);
    expect(parsed?.text).toContain("Hello Ivy,");
    expect(parsed?.text).toMatch(/until \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
    expect(parsed?.html).toContain(`href="${url}"`);
    expect(parsed?.html).toContain("Blockworks");
    expect(parsed?.messageId).toMatch(/^<.+@.+>$/);
    // The link in the mail is the one the dashboard shows, and it works.
    const state = await server.request(
      `/api/invitations/${encodeURIComponent(tokenOf(added.invitation))}`,
    );
    expect(state.status).toBe(200);
  });

  it("mails a re-sent invitation with the new link", async () => {
    const added = await addEmployee(fakeEmployee());
    const response = await requestAs(server, admin, `/api/employees/${added.id}/invitation`, {
      method: "POST",
    });
    expect(response.status).toBe(201);
    const again = (await response.json()) as SentInvitation;
    expect(again.mailed).toBe(true);
    expect(again.url).not.toBe(added.invitation?.url);
    const mails = await mailTo(added.email);
    expect(mails.map((mail) => mail.parsed.text?.includes(again.url))).toEqual([false, true]);
  });

  it("keeps the invitation and says the mail was not sent when the server refuses it", async () => {
    allowConsoleError(2);
    const added = await addEmployee(fakeEmployee({ email: `nobody@${REFUSED_DOMAIN}` }));
    expect(added.invitation).toMatchObject({ mailed: false });
    const state = await server.request(
      `/api/invitations/${encodeURIComponent(tokenOf(added.invitation))}`,
    );
    expect(state.status).toBe(200);
    const logged = vi.mocked(console.error).mock.calls.map((args) => args.join(" "));
    expect(logged.join("\n")).toContain(
      `The invitation e-mail to nobody@${REFUSED_DOMAIN} was not sent`,
    );
    expect(logged.join("\n")).toContain("No such mailbox here");
  });

  it("does not let line breaks in names add headers", async () => {
    await server.db.handle.db
      .updateTable("employees")
      .set({ firstName: "Ada\r\nBcc: inviter@evil.test" })
      .where("email", "=", admin.email)
      .execute();
    try {
      const added = await addEmployee(
        fakeEmployee({
          firstName: "Ivy\r\nBcc: first@evil.test",
          lastName: "Lee\nX-Injected: yes",
        }),
      );
      expect(added.invitation?.mailed).toBe(true);
      const [mail] = await mailTo(added.email);
      const head = mail?.raw.split(/\r?\n\r?\n/)[0] ?? "";
      expect(head).not.toMatch(/^bcc:/im);
      expect(head).not.toMatch(/^x-injected:/im);
      expect(mail?.to).toEqual([added.email]);
      expect(mail?.parsed.subject).toBe(
        `Ada Bcc: inviter@evil.test Byron (${admin.email}) invited you to Blockworks`,
      );
      expect(mail?.parsed.text).toContain("Hello Ivy Bcc: first@evil.test,");
    } finally {
      await server.db.handle.db
        .updateTable("employees")
        .set({ firstName: "Ada" })
        .where("email", "=", admin.email)
        .execute();
    }
  });

  it("escapes markup in names", async () => {
    const added = await addEmployee(fakeEmployee({ firstName: '<img src=x onerror="alert(1)">' }));
    const [mail] = await mailTo(added.email);
    expect(mail?.parsed.html).not.toContain("<img");
    expect(mail?.parsed.html).toContain("&lt;img src=x");
  });
});

describe("invitation e-mails without an SMTP server", () => {
  it("are written to the outbox", async () => {
    const server = await startTestServer("sqlite");
    try {
      const admin = await signInAs(server, "admin");
      const { addEmployee } = employeeCalls(() => ({ server, admin }));
      const added = await addEmployee(fakeEmployee());
      expect(added.invitation).toMatchObject({ mailed: true, outbox: true });
      const files = await readdir(outboxDir(server.config.dataDir));
      expect(files).toHaveLength(1);
      const raw = await readFile(
        path.join(outboxDir(server.config.dataDir), files[0] ?? ""),
        "utf8",
      );
      expect(raw).toContain(`To: ${added.email}`);
    } finally {
      await server.close();
    }
  });
});
