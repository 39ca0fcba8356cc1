import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SIGN_IN_LIMITS, TOO_MANY_SIGN_INS_MESSAGE } from "#server/auth/sign-in-throttle.server.ts";
import { readError } from "#tests/helpers/http.ts";
import { OWNER_ENV, requestAs, signInRequest } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, startTestServerOn, type TestServer } from "#tests/helpers/test-server.ts";
import {
  countStatuses,
  failFrom,
  freshAddress,
  freshLogin,
  from,
  manualTime,
  signInFrom,
} from "./auth.router.limits.fixture.ts";

// The rule of docs/product/access.md#sign-in-limits, stated here rather than read from the code.
const perAccountPerAddress = 5;
const perAddress = 20;
const windowMs = 15 * 60 * 1000;
const delayStepMs = 250;
const maxDelayMs = 3000;
const OWNER = { email: OWNER_ENV.ADMIN_EMAIL, password: OWNER_ENV.ADMIN_PASSWORD };

describeEachDatabase("sign-in attempt limits", (kind) => {
  const time = manualTime();
  const env = { ...OWNER_ENV, TRUST_PROXY: "1" };
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, env, {
      signInThrottle: time.options,
    });
  });
  afterAll(() => server?.close());

  it("refuses an address an account after 5 failed attempts on it, even the right password", async () => {
    const login = await freshLogin(server);
    const stranger = freshAddress();
    for (let attempt = 1; attempt <= perAccountPerAddress; attempt++) {
      expect(await failFrom(server, login.email, stranger)).toBe(401);
    }
    const refused = await signInRequest(server, login.email, login.password, from(stranger));
    expect((await readError(refused, 429)).message).toBe(TOO_MANY_SIGN_INS_MESSAGE);
    // The window started with the first attempt, and the clock has not moved since.
    expect(refused.headers.get("retry-after")).toBe(String(windowMs / 1000));
    expect(refused.headers.getSetCookie()).toEqual([]);
    // The refusal is for this account only: the same address still signs in to another one.
    await signInFrom(server, await freshLogin(server), stranger);
  });

  it("lets the owner in from an address that has not been failing while a stranger keeps failing", async () => {
    const stranger = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= perAccountPerAddress + 3; attempt++) {
      statuses.push(await failFrom(server, OWNER.email, stranger));
    }
    expect(countStatuses(statuses)).toEqual({ 401: perAccountPerAddress, 429: 3 });

    time.waits.length = 0;
    const cookie = await signInFrom(server, OWNER, freshAddress());
    expect((await requestAs(server, { cookie }, "/api/auth/user")).status).toBe(200);
    // Slowed by what the account has seen, within the bound.
    expect(time.waits).toEqual([Math.min(maxDelayMs, statuses.length * delayStepMs)]);
    // The stranger is still refused.
    expect(await failFrom(server, OWNER.email, stranger)).toBe(429);
  });

  it("takes at most 5 guesses per account from one address in a window, even in parallel", async () => {
    const login = await freshLogin(server);
    const stranger = freshAddress();
    const statuses = await Promise.all(
      Array.from({ length: perAccountPerAddress + 7 }, () =>
        failFrom(server, login.email, stranger),
      ),
    );
    expect(countStatuses(statuses)).toEqual({ 401: perAccountPerAddress, 429: 7 });
  });

  it("takes at most 20 guesses from one address across accounts in a window, even in parallel", async () => {
    const stranger = freshAddress();
    const statuses = await Promise.all(
      Array.from({ length: perAddress + 10 }, (_, n) =>
        failFrom(server, `guess-${n}@example.com`, stranger),
      ),
    );
    expect(countStatuses(statuses)).toEqual({ 401: perAddress, 429: 10 });
    // Now even the owner's right password is refused from that address, and only from it.
    await readError(await signInRequest(server, OWNER.email, OWNER.password, from(stranger)), 429);
    await signInFrom(server, OWNER, freshAddress());
  });

  it("slows every further attempt on an account, the right password too, by at most 3 seconds, and never refuses it", async () => {
    const login = await freshLogin(server);
    time.waits.length = 0;
    const attempts = maxDelayMs / delayStepMs + 3;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      // Each from a new address: a guesser spread over many addresses.
      expect(await failFrom(server, login.email, freshAddress())).toBe(401);
    }
    await signInFrom(server, login, freshAddress());
    // No wait before the first attempt; then one step more for each earlier attempt, up to the cap.
    const expected = Array.from({ length: attempts }, (_, n) =>
      Math.min(maxDelayMs, (n + 1) * delayStepMs),
    );
    expect(time.waits).toEqual(expected);
    // The right password did not wipe out what the other addresses did.
    expect(await failFrom(server, login.email, freshAddress())).toBe(401);
    expect(time.waits.at(-1)).toBe(maxDelayMs);
  });

  it("forgives an address its failures on an account once it signs in with the right password", async () => {
    const login = await freshLogin(server);
    const address = freshAddress();
    for (let round = 0; round < 2; round++) {
      for (let attempt = 1; attempt < perAccountPerAddress; attempt++) {
        expect(await failFrom(server, login.email, address)).toBe(401);
      }
      await signInFrom(server, login, address);
    }
  });

  it("counts IPv6 addresses by their /56 network", async () => {
    const login = await freshLogin(server);
    for (let host = 1; host <= perAccountPerAddress; host++) {
      expect(await failFrom(server, login.email, `2001:db8:0:${host}::${host}`)).toBe(401);
    }
    expect(await failFrom(server, login.email, "2001:db8:0:ff::1")).toBe(429);
    await signInFrom(server, login, "2001:db8:0:100::1");
  });

  it("lets a refused address try again once the window is over", async () => {
    const login = await freshLogin(server);
    const stranger = freshAddress();
    for (let attempt = 1; attempt <= perAccountPerAddress + 1; attempt++) {
      await failFrom(server, login.email, stranger);
    }
    time.advance(windowMs - 1000);
    const refused = await signInRequest(server, login.email, login.password, from(stranger));
    await readError(refused, 429);
    expect(refused.headers.get("retry-after")).toBe("1");

    time.advance(1000);
    time.waits.length = 0;
    await signInFrom(server, login, stranger);
    // A new window: nothing slows the attempt any more.
    expect(time.waits).toEqual([]);
  });

  it("answers an overlong e-mail like any wrong one", async () => {
    // Random, so that the database cannot compress it: a key this long does not fit an index.
    const email = `${randomBytes(3000).toString("hex")}@example.com`;
    expect(await failFrom(server, email, freshAddress())).toBe(401);
  });

  it("counts in the database, so two servers on one database share the limits", async () => {
    const second = await startTestServerOn(server.db, env, {
      signInThrottle: time.options,
    });
    try {
      const login = await freshLogin(server);
      const stranger = freshAddress();
      for (let attempt = 1; attempt <= perAccountPerAddress; attempt++) {
        const target = attempt % 2 === 0 ? second : server;
        expect(await failFrom(target, login.email, stranger)).toBe(401);
      }
      expect(await failFrom(second, login.email, stranger)).toBe(429);
      expect(await failFrom(server, login.email, stranger)).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describeEachDatabase("sign-in attempt limits without a trusted proxy", (kind) => {
  // A smaller limit than the real one: what this is about is which address is counted.
  const limits = { ...SIGN_IN_LIMITS, perAddress: 3 };
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      kind,
      { ...OWNER_ENV },
      {
        signInThrottle: { ...manualTime().options, limits },
      },
    );
  });
  afterAll(() => server?.close());

  it("counts the connection's address, whatever address header the client sends", async () => {
    for (let attempt = 1; attempt <= limits.perAddress; attempt++) {
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
    const refused = await signInRequest(server, OWNER.email, OWNER.password, {
      "x-studio-client-address": "192.0.2.1",
    });
    expect((await readError(refused, 429)).message).toBe(TOO_MANY_SIGN_INS_MESSAGE);
  });
});
