import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmployeeWithInvitation } from "#common/types/employee.ts";
import { noisePng } from "#tests/helpers/images.ts";
import type { LogLine } from "#tests/helpers/log-lines.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from "#tests/helpers/server-process.ts";
import { cookieHeaderFrom, signIn, signInRequest } from "#tests/helpers/staff.ts";

// What the production server logs, read from the process's own output: every line is JSON,
// and after a sign-in, an invitation and its acceptance, a password change, an upload and
// calls carrying bearer tokens and token links, no password, session cookie, invitation token
// or Authorization header appears in any line.

const OWNER = {
  ADMIN_EMAIL: "owner@logs.test",
  ADMIN_PASSWORD: `owner-pw-${randomBytes(9).toString("hex")}`,
};
const METRICS_TOKEN = `metrics-${randomBytes(12).toString("hex")}`;

/** Every line the process printed, parsed; fails on a line that is not JSON. */
function logLines(server: ServerProcess): LogLine[] {
  return `${server.stdout()}${server.stderr()}`
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`A log line that is not JSON: ${line}`);
      }
    });
}

describe("the server's log [sqlite]", () => {
  let data: ServerData;
  let server: ServerProcess;
  beforeAll(async () => {
    data = await createServerData("sqlite");
    server = await startServerProcess({ ...data.env, ...OWNER, METRICS_TOKEN });
  });
  afterAll(async () => {
    await killServerProcesses();
    await data?.destroy();
  });

  it("holds no secret after sign-ins, an invitation, a password change and an upload", async () => {
    const secrets: Record<string, string> = {
      "the owner's password": OWNER.ADMIN_PASSWORD,
      "the metrics token": METRICS_TOKEN,
    };
    const json = (cookie: string, body: unknown, method = "POST") => ({
      method,
      headers: { "content-type": "application/json", origin: server.url, cookie },
      body: JSON.stringify(body),
    });

    // Sign-in (and a failed one, whose password is as secret).
    const wrongPassword = `wrong-pw-${randomBytes(9).toString("hex")}`;
    secrets["a mistyped password"] = wrongPassword;
    expect((await signInRequest(server, OWNER.ADMIN_EMAIL, wrongPassword)).status).toBe(401);
    const owner = await signIn(server, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    secrets["the owner's session cookie"] = sessionValue(owner);
    secrets["the owner's session token"] = sessionValue(owner).split(".")[0] ?? "";

    // An invitation: made, opened (page and API), accepted with a password.
    const added = await fetch(
      `${server.url}/api/employees`,
      json(owner, { email: "new.hire@logs.test", firstName: "New", lastName: "Hire" }),
    );
    expect(added.status, await added.clone().text()).toBe(201);
    const invitationUrl = new URL(
      ((await added.json()) as EmployeeWithInvitation).invitation?.url ?? "",
    );
    const token = decodeURIComponent(invitationUrl.pathname.slice("/invite/".length));
    secrets["the invitation token"] = token;
    secrets["the invitation token's random part"] = token.split(".")[0] ?? token;
    expect((await fetch(`${server.url}/invite/${encodeURIComponent(token)}`)).status).toBe(200);
    const state = await fetch(`${server.url}/api/invitations/${encodeURIComponent(token)}`);
    expect(state.status).toBe(200);
    const employeePassword = `employee-pw-${randomBytes(9).toString("hex")}`;
    secrets["the employee's first password"] = employeePassword;
    const accepted = await fetch(
      `${server.url}/api/invitations/accept`,
      json("", { token, password: employeePassword }),
    );
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const employee = cookieHeaderFrom(accepted);
    secrets["the employee's session cookie"] = sessionValue(employee);

    // A password change (the only password call there is besides accepting an invitation).
    const newPassword = `employee-pw2-${randomBytes(9).toString("hex")}`;
    secrets["the employee's new password"] = newPassword;
    const changed = await fetch(
      `${server.url}/api/auth/change-password`,
      json(employee, { currentPassword: employeePassword, newPassword }),
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    const renewed = cookieHeaderFrom(changed);
    if (renewed) secrets["the employee's renewed session cookie"] = sessionValue(renewed);

    // An upload.
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(await noisePng(64, 48))]), "photo.png");
    const uploaded = await fetch(`${server.url}/api/upload/image`, {
      method: "POST",
      headers: { origin: server.url, cookie: owner },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);

    // Bearer tokens in the Authorization header, a token and an address in a link.
    const bearer = `bearer-${randomBytes(12).toString("hex")}`;
    secrets["a bearer token"] = bearer;
    const user = await fetch(`${server.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(user.status).toBe(401);
    const metrics = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    const linkToken = `link-${randomBytes(12).toString("hex")}`;
    secrets["a token in a link"] = linkToken;
    secrets["an address in a link"] = "reader@logs.test";
    await (
      await fetch(`${server.url}/unsubscribe?email=reader%40logs.test&token=${linkToken}`)
    ).arrayBuffer();

    // Each call above is in the log as one line (the check below looks at real lines)...
    await expect.poll(() => logLines(server).filter((line) => line.req).length).toBeGreaterThan(9);
    const lines = logLines(server);
    const requests = lines.filter((line) => line.req && line.res);
    const seen = (method: string, url: string, status: number) =>
      requests.some(
        (line) =>
          line.req?.method === method && line.req.url === url && line.res?.statusCode === status,
      );
    expect(seen("POST", "/api/auth/sign-in/email", 401)).toBe(true);
    expect(seen("POST", "/api/auth/sign-in/email", 200)).toBe(true);
    expect(seen("POST", "/api/employees", 201)).toBe(true);
    expect(seen("GET", "/invite/[redacted]", 200)).toBe(true);
    expect(seen("GET", "/api/invitations/[redacted]", 200)).toBe(true);
    expect(seen("POST", "/api/invitations/accept", 200)).toBe(true);
    expect(seen("POST", "/api/auth/change-password", 200)).toBe(true);
    expect(seen("POST", "/api/upload/image", 201)).toBe(true);
    expect(seen("GET", "/api/auth/user", 401)).toBe(true);
    expect(seen("GET", "/unsubscribe?email=[redacted]&token=[redacted]", 200)).toBe(true);

    // ...and none of the secrets is anywhere in it, in any form.
    const log = `${server.stdout()}${server.stderr()}`;
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(8);
      for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret)])) {
        expect(log.includes(form.replace(/^"|"$/g, "")), what).toBe(false);
      }
    }
    expect(log).not.toMatch(/cookie|authorization|set-cookie/i);
  });

  it("writes each request's line with the id its answer carries", async () => {
    const response = await fetch(`${server.url}/news?from=log-test`, {
      headers: { "x-request-id": "edge-1234-abcd" },
    });
    await response.arrayBuffer();
    expect(response.headers.get("x-request-id")).toBe("edge-1234-abcd");
    await expect
      .poll(() => logLines(server).find((line) => line.req?.id === "edge-1234-abcd"))
      .toMatchObject({
        level: 30,
        req: { id: "edge-1234-abcd", method: "GET", url: "/news?from=log-test" },
        res: { statusCode: 200 },
        durationMs: expect.any(Number),
      });
    expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
    expect(logLines(server).at(-1)?.msg).toMatch(/^SIGTERM received/);
  });
});

/** The session token's value in a Cookie header (what a stolen log line would let one reuse). */
function sessionValue(cookie: string): string {
  const value = /session_token=([^;]+)/.exec(cookie)?.[1];
  expect(value, cookie).toBeDefined();
  return decodeURIComponent(value ?? "");
}
