import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { READINESS_RETRY_AFTER_SECONDS } from "./http/readiness.server.ts";

// /readyz over HTTP on the real app: a balancer polling it is told when to ask again.
// (tests/process/readiness.test.ts covers the production server, its database and shutdown.)

describe("/readyz [sqlite]", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("answers 200 without Retry-After while every check passes", async () => {
    server = await startTestServer("sqlite");
    const response = await server.request("/readyz");
    expect(response.status).toBe(200);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(await response.json()).toEqual({ status: "ready" });
  });

  it("answers 503 with Retry-After while a check fails", async () => {
    const failing = { name: "uploads", check: () => Promise.reject(new Error("away")) };
    server = await startTestServer("sqlite", {}, { app: { readinessChecks: [failing] } });
    const response = await server.request("/readyz");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(READINESS_RETRY_AFTER_SECONDS));
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "unavailable", failed: ["uploads"] });
  });

  it("answers 503 with Retry-After once shutdown has begun", async () => {
    server = await startTestServer("sqlite", {}, { app: { isStopping: () => true } });
    const response = await server.request("/readyz");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(READINESS_RETRY_AFTER_SECONDS));
    expect(await response.json()).toEqual({ status: "stopping" });
  });
});
