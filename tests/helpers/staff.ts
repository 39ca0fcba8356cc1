import { expect } from "vitest";
import {
  createEmployee,
  createLogin,
  fakeEmployee,
  fakePassword,
} from "#tests/factories/employee.ts";
import type { TestServer } from "./test-server.ts";

/** The kinds of caller of docs/product/access.md#who-may-do-what. */
export const VIEWER_KINDS = [
  "anonymous",
  "no-access",
  "inactive",
  "employee",
  "admin",
  "owner",
] as const;
export type ViewerKind = (typeof VIEWER_KINDS)[number];

/** The owner's login for test servers: pass as env to startTestServer. */
export const OWNER_ENV = {
  ADMIN_EMAIL: "owner@studio.test",
  ADMIN_PASSWORD: "owner-password-for-tests",
} as const;

export type SignedIn = {
  /** The Cookie header value to send; empty for anonymous. */
  cookie: string;
  email: string;
  password: string;
  employeeId: string | null;
};

/**
 * Makes a caller of the given kind on the server's database and signs it in through
 * `POST /api/auth/sign-in/email`. The owner needs a server started with OWNER_ENV.
 */
export async function signInAs(server: TestServer, kind: ViewerKind): Promise<SignedIn> {
  const db = server.db.handle.db;
  if (kind === "anonymous") return { cookie: "", email: "", password: "", employeeId: null };
  if (kind === "owner") {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = OWNER_ENV;
    expect(server.config.adminEmail, "start the server with OWNER_ENV").toBe(email);
    return { cookie: await signIn(server, email, password), email, password, employeeId: null };
  }
  const { email } = fakeEmployee();
  let employeeId: string | null = null;
  if (kind !== "no-access") {
    const employee = await createEmployee(db, {
      email,
      role: kind === "admin" ? "admin" : "employee",
      isActive: kind !== "inactive",
    });
    employeeId = employee.id;
  }
  const password = fakePassword();
  await createLogin(db, server.auth, { email, password });
  return { cookie: await signIn(server, email, password), email, password, employeeId };
}

/**
 * Signs in with e-mail and password and returns the Cookie header value for the session. Any
 * server with an address: a test server or a server process.
 */
export async function signIn(
  server: Pick<TestServer, "url">,
  email: string,
  password: string,
): Promise<string> {
  const response = await signInRequest(server, email, password);
  expect(response.status, await response.clone().text()).toBe(200);
  return cookieHeaderFrom(response);
}

/** `POST /api/auth/sign-in/email` as a browser on the site would send it. */
export function signInRequest(
  server: Pick<TestServer, "url">,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, ...headers },
    body: JSON.stringify({ email, password }),
  });
}

/** The Cookie header a browser would send back after this response. */
export function cookieHeaderFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => !pair?.endsWith("="))
    .join("; ");
}

/** Calls the server as a signed-in browser on the site: cookie plus same-origin Origin. */
export function requestAs(
  server: TestServer,
  who: Pick<SignedIn, "cookie">,
  path: string,
  { method = "GET", body }: { method?: string; body?: unknown } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url };
  if (who.cookie) headers.cookie = who.cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  return server.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
}

/** The session cookie a response sets (its Set-Cookie line); fails the test when there is none. */
export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
  expect(cookie, "a session cookie").toBeDefined();
  return cookie as string;
}

/** The session token in a Cookie header, as the sessions table stores it. */
export function sessionToken(cookieHeader: string): string {
  return cookieHeader.match(/session_token=([^.;]+)/)?.[1] ?? "";
}
