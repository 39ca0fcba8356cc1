import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { HIDDEN_CREDENTIAL } from "#common/paths.ts";
import type { EmployeeWithInvitation } from "#common/types/employee.ts";
import type { OutboxEntry } from "#common/types/outbox.ts";
import type { Paged } from "#common/types/post-list.ts";
import { outboxDir } from "#server/mail/mailer.server.ts";
import { fakeEmployee, fakePassword } from "#tests/factories/employee.ts";
import { eventually } from "#tests/helpers/http.ts";
import { OWNER_ENV, requestAs, type SignedIn, signIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The Outbox shows admins what the site wrote instead of sending it, but never a link that grants
// access: an admin who asked for the owner's password reset must not be able to read its link and
// take the account over. The .eml file keeps the link, and it still works for its recipient.

/** Each credential link the mail of this test carries, and the segment that is the credential. */
const CREDENTIAL_LINK = /\/(reset-password|invite|subscribe\/confirm|unsubscribe)\/([^\s"'<>\]]+)/g;

describeEachDatabase("the outbox and the links that grant access", (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, { ...OWNER_ENV });
    admin = await signInAs(server, "admin");
  });
  afterAll(() => server?.close());

  /** The raw text of every outbox message to `to`, as written to the folder. */
  async function writtenTo(to: string): Promise<string[]> {
    const dir = outboxDir(server.config.dataDir);
    const texts: string[] = [];
    for (const name of (await readdir(dir).catch(() => [])).filter((n) => n.endsWith(".eml"))) {
      const raw = await readFile(path.join(dir, name));
      const parsed = await simpleParser(raw);
      const address = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
      if (address === to) texts.push(`${parsed.text ?? ""}\n${String(parsed.html)}`);
    }
    return texts;
  }

  /** The credentials of the single message written to `to`, once it is there. */
  async function credentialsMailedTo(to: string): Promise<Map<string, string>> {
    const [text] = await eventually(async () => {
      const texts = await writtenTo(to);
      expect(texts).toHaveLength(1);
      return texts;
    });
    const found = new Map<string, string>();
    for (const [, kind, token] of (text ?? "").matchAll(CREDENTIAL_LINK)) {
      found.set(kind as string, decodeURIComponent(token as string));
    }
    return found;
  }

  it("shows admins no reset, invitation or subscriber link, and the mailed ones still work", async () => {
    const asked = await server.postJson(
      "/api/auth/request-password-reset",
      { email: OWNER_ENV.ADMIN_EMAIL },
      { headers: { "content-type": "application/json", origin: server.url } },
    );
    expect(asked.status).toBe(200);
    const added = await requestAs(server, admin, "/api/employees", {
      method: "POST",
      body: fakeEmployee({ firstName: "Nova" }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const newcomer = (await added.json()) as EmployeeWithInvitation;
    const subscriber = "reader@example.com";
    const subscribed = await server.postJson(
      "/api/newsletter/subscribe",
      { email: subscriber },
      { headers: { "content-type": "application/json", origin: server.url } },
    );
    expect(subscribed.status).toBe(200);

    const reset = (await credentialsMailedTo(OWNER_ENV.ADMIN_EMAIL)).get("reset-password");
    const invitation = (await credentialsMailedTo(newcomer.email)).get("invite");
    const confirmation = (await credentialsMailedTo(subscriber)).get("subscribe/confirm");
    const secrets = [reset, invitation, confirmation];
    expect(secrets.every((secret) => secret && secret.length >= 16)).toBe(true);

    // Everything the admin can ask the outbox for: the list and each message in full.
    const answers: string[] = [];
    const list = await requestAs(server, admin, "/api/outbox?limit=100");
    expect(list.status).toBe(200);
    const listText = await list.text();
    answers.push(listText);
    const { items } = JSON.parse(listText) as Paged<OutboxEntry>;
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items) {
      const message = await requestAs(server, admin, `/api/outbox/${item.file}`);
      expect(message.status).toBe(200);
      answers.push(await message.text());
    }
    const shown = answers.join("\n");
    for (const secret of secrets) {
      expect(shown).not.toContain(secret as string);
      expect(shown).not.toContain(encodeURIComponent(secret as string));
    }
    for (const link of ["/reset-password/", "/invite/", "/subscribe/confirm/"]) {
      expect(shown).toContain(`${link}${HIDDEN_CREDENTIAL}`);
    }

    // The recipients' own links work: the owner chooses a new password and signs in with it.
    const newPassword = fakePassword();
    const changed = await server.postJson(
      "/api/auth/reset-password",
      { token: reset, newPassword },
      { headers: { "content-type": "application/json", origin: server.url } },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    await signIn(server, OWNER_ENV.ADMIN_EMAIL, newPassword);
    const accepted = await server.postJson(
      "/api/invitations/accept",
      { token: invitation, password: fakePassword() },
      { headers: { "content-type": "application/json", origin: server.url } },
    );
    expect(accepted.status, await accepted.clone().text()).toBeLessThan(300);
  });

  it("hides an unsubscribe link in the headers as in the parts, however they are encoded", async () => {
    const token = "0f3c2a1e-5b6d-4c7e-8f9a-0b1c2d3e4f5a.A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6";
    const link = `${server.config.siteUrl}/unsubscribe/${token}`;
    const sent = await server.context.mailer.send({
      to: "Zoë Ünïcode <zoe@example.com>",
      subject: `Ünïcode subject quoting ${link}`,
      text: `Unsubscribe: ${link}`,
      html: `<a href="${link}">Unsubscribe</a>`,
      unsubscribeUrl: link,
      headers: { "X-Note": `${"word ".repeat(20)}${link}` },
    });
    const file = path.basename(sent.file ?? "");
    expect(await readFile(path.join(outboxDir(server.config.dataDir), file), "utf8")).toContain(
      token.slice(0, 20),
    );
    const list = await (await requestAs(server, admin, "/api/outbox?limit=100")).text();
    const message = await (await requestAs(server, admin, `/api/outbox/${file}`)).text();
    for (const answer of [list, message]) {
      expect(answer).not.toContain(token.slice(-20));
      expect(answer).not.toMatch(/A1b2C3d4/);
    }
    expect(message).toContain(`/unsubscribe/${HIDDEN_CREDENTIAL}`);
  });
});
