import { afterAll, beforeAll, expect, it } from "vitest";
import { fakePassword } from "#tests/factories/employee.ts";
import { cookieHeaderFrom, requestAs, signInAs, signInRequest } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The session token lives in the HttpOnly session cookie, out of reach of scripts. No JSON
// answer to a browser that holds the cookie (or is being given it) repeats the token.

/** The raw session token inside a Cookie header (the part before the signature). */
function sessionToken(cookieHeader: string): string {
  const token = cookieHeader.match(/session_token=([^.;]+)/)?.[1] ?? "";
  expect(token, "a session token in the cookie").not.toBe("");
  return token;
}

describeEachDatabase("the session token in JSON answers", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("POST /api/auth/sign-in/email answers the user without the token it sets as a cookie", async () => {
    const who = await signInAs(server, "employee");
    const response = await signInRequest(server, who.email, who.password);
    expect(response.status).toBe(200);
    const cookie = cookieHeaderFrom(response);
    const text = await response.text();
    expect(text).not.toContain(sessionToken(cookie));
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).not.toHaveProperty("token");
    expect(body).toMatchObject({ user: { email: who.email } });
    // The cookie alone signs the browser in.
    expect((await requestAs(server, { cookie }, "/api/auth/user")).status).toBe(200);
  });

  it("GET /api/auth/get-session answers the session without its token", async () => {
    const who = await signInAs(server, "employee");
    const response = await requestAs(server, who, "/api/auth/get-session");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(sessionToken(who.cookie));
    const body = JSON.parse(text) as { session: Record<string, unknown>; user: unknown };
    expect(body.session).not.toHaveProperty("token");
    expect(body.session).toMatchObject({ id: expect.any(String), expiresAt: expect.any(String) });
    expect(body.user).toMatchObject({ email: who.email });
  });

  it("GET /api/auth/list-sessions answers every session without a token", async () => {
    const who = await signInAs(server, "employee");
    const other = cookieHeaderFrom(await signInRequest(server, who.email, who.password));
    const response = await requestAs(server, who, "/api/auth/list-sessions");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(sessionToken(who.cookie));
    expect(text).not.toContain(sessionToken(other));
    const sessions = JSON.parse(text) as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(session).not.toHaveProperty("token");
      expect(session).toMatchObject({ id: expect.any(String) });
    }
  });

  it("POST /api/auth/change-password answers without the new session's token", async () => {
    const who = await signInAs(server, "employee");
    const response = await requestAs(server, who, "/api/auth/change-password", {
      method: "POST",
      body: { currentPassword: who.password, newPassword: fakePassword() },
    });
    expect(response.status).toBe(200);
    const cookie = cookieHeaderFrom(response);
    const text = await response.text();
    expect(text).not.toContain(sessionToken(cookie));
    expect(JSON.parse(text)).not.toHaveProperty("token");
    expect((await requestAs(server, { cookie }, "/api/auth/user")).status).toBe(200);
  });

  it("keeps the other answers as they were", async () => {
    const who = await signInAs(server, "employee");
    expect(await (await requestAs(server, who, "/api/auth/ok")).json()).toEqual({ ok: true });
    const signedOut = await requestAs(server, who, "/api/auth/sign-out", {
      method: "POST",
      body: {},
    });
    expect(await signedOut.json()).toEqual({ success: true });
    const anonymous = await requestAs(server, { cookie: "" }, "/api/auth/get-session");
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toBeNull();
  });
});
