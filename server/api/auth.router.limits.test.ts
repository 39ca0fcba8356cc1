import { afterAll, beforeAll, expect, it } from "vitest";
import { SIGN_IN_LIMITS, TOO_MANY_SIGN_INS_MESSAGE } from "#server/auth/sign-in-throttle.server.ts";
import { readError } from "#tests/helpers/http.ts";
import { OWNER_ENV, signInAs, signInRequest } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, startTestServerOn, type TestServer } from "#tests/helpers/test-server.ts";

describeEachDatabase("sign-in attempt limits", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { ...OWNER_ENV });
  });
  afterAll(() => server?.close());

  it("slows, then refuses with 429 after 5 failed attempts on one account, even the right password", async () => {
    const employee = await signInAs(server, "employee");
    const took: number[] = [];
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perAccount; attempt++) {
      const started = Date.now();
      await readError(await signInRequest(server, employee.email, `wrong-${attempt}`), 401);
      took.push(Date.now() - started);
    }
    // Each attempt waits longer than the one before it (250 ms more, up to a second).
    expect(took[4]).toBeGreaterThanOrEqual(900);
    expect(took[4]).toBeGreaterThan((took[0] ?? 0) + 500);
    const refused = await signInRequest(server, employee.email, employee.password);
    expect((await readError(refused, 429)).message).toBe(TOO_MANY_SIGN_INS_MESSAGE);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect(refused.headers.getSetCookie()).toEqual([]);
    // The limit is per account: another account still signs in.
    const other = await signInAs(server, "employee");
    expect(other.cookie).not.toBe("");
  });

  it("clears an account's count after a successful sign-in", async () => {
    const employee = await signInAs(server, "employee");
    for (let round = 0; round < 2; round++) {
      for (let attempt = 1; attempt < SIGN_IN_LIMITS.perAccount; attempt++) {
        await readError(await signInRequest(server, employee.email, "wrong-password"), 401);
      }
      expect((await signInRequest(server, employee.email, employee.password)).status).toBe(200);
    }
  });

  it("counts in the database, so two servers on one database share the limit", async () => {
    const second = await startTestServerOn(server.db, { ...OWNER_ENV });
    try {
      const employee = await signInAs(server, "employee");
      for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perAccount; attempt++) {
        const target = attempt % 2 === 0 ? second : server;
        await readError(await signInRequest(target, employee.email, "wrong-password"), 401);
      }
      await readError(await signInRequest(second, employee.email, employee.password), 429);
      await readError(await signInRequest(server, employee.email, employee.password), 429);
    } finally {
      await second.close();
    }
  });
});

describeEachDatabase("sign-in attempt limits per address", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { ...OWNER_ENV });
  });
  afterAll(() => server?.close());

  it("refuses an address after 20 failed attempts across accounts, whatever address header it sends", async () => {
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perAddress; attempt++) {
      const response = await signInRequest(
        server,
        `guess-${attempt}@example.com`,
        "wrong-password",
        {
          "x-studio-client-address": `203.0.113.${attempt}`,
          "x-forwarded-for": `198.51.100.${attempt}`,
        },
      );
      await readError(response, 401);
    }
    const refused = await signInRequest(server, OWNER_ENV.ADMIN_EMAIL, OWNER_ENV.ADMIN_PASSWORD, {
      "x-studio-client-address": "192.0.2.1",
    });
    expect((await readError(refused, 429)).message).toBe(TOO_MANY_SIGN_INS_MESSAGE);
  });
});
