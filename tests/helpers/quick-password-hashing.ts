import { createHash, timingSafeEqual } from "node:crypto";
import type { AuthDeps } from "#server/auth/auth.server.ts";

/**
 * A password hash that costs nothing, the test servers' default (tests/helpers/test-server.ts):
 * the real scrypt hash takes about 150 ms of CPU each, and a test run would make some 700 of
 * them. What the API does with a password does not depend on how it is hashed; the real hash is
 * what the production server uses in the process and browser tests, and what a test server
 * given `passwordHashing: "scrypt"` uses. Never used outside tests.
 */
export const QUICK_PASSWORD_HASHING: NonNullable<AuthDeps["passwordHashing"]> = {
  hash: async (password) => createHash("sha256").update(password).digest("hex"),
  verify: async ({ hash, password }) => {
    const given = Buffer.from(createHash("sha256").update(password).digest("hex"));
    const stored = Buffer.from(hash);
    return given.length === stored.length && timingSafeEqual(given, stored);
  },
};
