import { expect } from "vitest";
import type { SignInThrottleOptions } from "#server/auth/sign-in-throttle.server.ts";
import { createLogin } from "#tests/factories/employee.ts";
import { cookieHeaderFrom, signInRequest } from "#tests/helpers/staff.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";

/**
 * A clock the sign-in limits tests move by hand, and a wait that returns at once and notes how
 * long it was asked to wait: the limits' windows and slowdowns are checked without real waiting.
 */
export function manualTime() {
  let now = Date.parse("2030-01-15T10:00:00.000Z");
  const waits: number[] = [];
  const options: SignInThrottleOptions = {
    now: () => now,
    wait: async (ms) => {
      waits.push(ms);
    },
  };
  return {
    options,
    /** Every slowdown asked for so far, in order. */
    waits,
    advance(ms: number) {
      now += ms;
    },
  };
}

let addresses = 0;
let accounts = 0;

/** A client address no other request of this test file has used (the servers trust one proxy). */
export function freshAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** Headers that make a request come from `address` through the one trusted proxy. */
export function from(address: string): Record<string, string> {
  return { "x-forwarded-for": address };
}

/** A login nobody has tried yet: its e-mail, which no test uses twice, and its password. */
export async function freshLogin(server: TestServer) {
  accounts += 1;
  return createLogin(server.db.handle.db, server.auth, {
    email: `account-${accounts}@example.com`,
  });
}

/** Sends a wrong password for `email` from `address`; returns the answer's status. */
export async function failFrom(server: TestServer, email: string, address: string) {
  const response = await signInRequest(server, email, "wrong-password-guess", from(address));
  await response.arrayBuffer();
  return response.status;
}

/** Signs in with the right password from `address` and checks that it worked. */
export async function signInFrom(
  server: TestServer,
  login: { email: string; password: string },
  address: string,
) {
  const response = await signInRequest(server, login.email, login.password, from(address));
  expect(response.status, await response.clone().text()).toBe(200);
  return cookieHeaderFrom(response);
}

/** How many times each status came back. */
export function countStatuses(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
