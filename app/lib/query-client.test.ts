import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { retryOnce } from "./query-client.ts";

const failure = (status: number) => new ApiError(status, "", "", null);

describe("retryOnce", () => {
  it("tries once more after a first failure, then gives up", () => {
    expect(retryOnce(0, failure(500))).toBe(true);
    expect(retryOnce(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(retryOnce(1, failure(500))).toBe(false);
  });
  it("never retries a 401: the session is gone", () => {
    expect(retryOnce(0, failure(401))).toBe(false);
  });
});
