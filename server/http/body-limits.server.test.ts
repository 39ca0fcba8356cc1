import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MESSAGES } from "#common/constants.ts";
import { generatedBody, type RawAnswer, rawRequest } from "#tests/helpers/raw-http.ts";
import { type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { BODY_LIMITS, BODY_TOO_LARGE_MESSAGE, bodyLimitFor } from "./body-limits.server.ts";

const GB = 1024 * 1024 * 1024;
const PIECE = 16 * 1024;

describe("bodyLimitFor", () => {
  it("gives each address its limit, matching paths as Express does", () => {
    expect(bodyLimitFor("/api/auth/sign-in/email").bytes).toBe(BODY_LIMITS.signIn);
    expect(bodyLimitFor("/API/Auth/sign-in/email").bytes).toBe(BODY_LIMITS.signIn);
    expect(bodyLimitFor("/api/newsletter/subscribe").bytes).toBe(BODY_LIMITS.newsletter);
    expect(bodyLimitFor("/api/posts").bytes).toBe(BODY_LIMITS.post);
    expect(bodyLimitFor("/api/posts/1234").bytes).toBe(BODY_LIMITS.post);
    expect(bodyLimitFor("/api/postscript").bytes).toBe(BODY_LIMITS.json);
    expect(bodyLimitFor("/api/upload/image").bytes).toBe(BODY_LIMITS.upload);
    expect(bodyLimitFor("/api/upload/image").message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(bodyLimitFor("/api/apps/1").bytes).toBe(BODY_LIMITS.json);
    expect(bodyLimitFor("/login").bytes).toBe(BODY_LIMITS.page);
    expect(bodyLimitFor("/login.data").bytes).toBe(BODY_LIMITS.page);
    expect(bodyLimitFor("/apix/upload").bytes).toBe(BODY_LIMITS.page);
  });
});

describeEachDatabase("request body limits", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
  });
  afterAll(() => server?.close());

  function expectRefused(answer: RawAnswer, message = BODY_TOO_LARGE_MESSAGE) {
    expect(answer.status, answer.body).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ message });
    expect(answer.headers.connection).toBe("close");
    expect(answer.closed).toBe(true);
  }

  const writes = [
    { path: "/api/auth/sign-in/email", limit: BODY_LIMITS.signIn },
    { path: "/api/newsletter/subscribe", limit: BODY_LIMITS.newsletter },
    { path: "/api/invitations/accept", limit: BODY_LIMITS.json },
    { path: "/api/apps", limit: BODY_LIMITS.json, staff: true },
    { path: "/api/posts", limit: BODY_LIMITS.post, staff: true },
    {
      path: "/api/upload/image",
      limit: BODY_LIMITS.upload,
      staff: true,
      message: UPLOAD_MESSAGES.tooLarge,
      type: "multipart/form-data; boundary=x",
    },
    { path: "/login", limit: BODY_LIMITS.page, type: "application/x-www-form-urlencoded" },
  ];

  function headersFor(write: { staff?: boolean; type?: string }) {
    return {
      origin: server.url,
      "content-type": write.type ?? "application/json",
      ...(write.staff ? { cookie: employee.cookie } : {}),
    };
  }

  describe("a declared length over the limit", () => {
    for (const write of writes) {
      it(`is answered 413 at once, without the body, on POST ${write.path}`, async () => {
        for (const declared of [write.limit + 1, GB]) {
          const answer = await rawRequest(server.url, {
            method: "POST",
            path: write.path,
            headers: { ...headersFor(write), "content-length": String(declared) },
            timeoutMs: 2000,
          });
          expectRefused(answer, write.message);
          expect(answer.answeredAfterMs).toBeLessThan(1000);
        }
      });
    }

    it("is refused whoever sends it: signed out, from another site, on any method", async () => {
      for (const method of ["POST", "PUT", "DELETE", "GET"]) {
        const answer = await rawRequest(server.url, {
          method,
          path: "/api/posts/00000000-0000-4000-8000-000000000000",
          headers: { "content-type": "application/json", "content-length": String(GB) },
          timeoutMs: 2000,
        });
        expectRefused(answer);
      }
    });
  });

  describe("a chunked body that grows past the limit", () => {
    for (const write of writes) {
      it(`is cut off with 413 on POST ${write.path}`, async () => {
        // One byte over the limit, in pieces, and the body never ends: only a server that counts
        // what arrives answers (the client sends nothing after, so the answer is always read).
        const answer = await rawRequest(server.url, {
          method: "POST",
          path: write.path,
          headers: { ...headersFor(write), "transfer-encoding": "chunked" },
          body: generatedBody(write.limit + 1, Math.max(PIECE, Math.ceil(write.limit / 64)), 0x20),
          chunked: true,
          unfinished: true,
          timeoutMs: 5000,
        });
        expectRefused(answer, write.message);
      });
    }
  });

  describe("a client that asks before sending (Expect: 100-continue)", () => {
    it("is not told to go ahead with a body over the limit, only refused", async () => {
      const answer = await rawRequest(server.url, {
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: { ...headersFor({}), "content-length": String(GB) },
        expectContinue: true,
        body: generatedBody(GB),
        timeoutMs: 2000,
      });
      expect(answer.informational).toEqual([]);
      expectRefused(answer);
      expect(answer.bodyBytesSent).toBe(0);
    });

    it("is told to go ahead with a body within the limit", async () => {
      const body = Buffer.from(JSON.stringify({ email: "asked-first@example.com" }));
      const answer = await rawRequest(server.url, {
        method: "POST",
        path: "/api/newsletter/subscribe",
        headers: { ...headersFor({}), "content-length": String(body.length) },
        expectContinue: true,
        body: [body],
      });
      expect(answer.informational).toEqual([100]);
      expect(answer.status, answer.body).toBe(200);
    });
  });

  it("still reads a chunked body within the limit, and keeps the connection", async () => {
    const body = Buffer.from(JSON.stringify({ email: "chunked@example.com" }));
    const answer = await rawRequest(server.url, {
      method: "POST",
      path: "/api/newsletter/subscribe",
      headers: { ...headersFor({}), "transfer-encoding": "chunked" },
      body: [body.subarray(0, 10), body.subarray(10)],
      chunked: true,
      closeWaitMs: 300,
    });
    expect(answer.status, answer.body).toBe(200);
    expect(answer.closed).toBe(false);
  });

  it("closes the connection when a call answers before a chunked body has arrived", async () => {
    // Signed out: the post call answers 401 without reading the body, which has not ended.
    const answer = await rawRequest(server.url, {
      method: "POST",
      path: "/api/posts",
      headers: { ...headersFor({}), "transfer-encoding": "chunked" },
      body: generatedBody(4 * PIECE, PIECE, 0x20),
      chunked: true,
      unfinished: true,
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe("close");
    expect(answer.closed).toBe(true);
  });
});
