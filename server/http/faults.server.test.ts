import { describe, expect, it } from "vitest";
import { FAULT_MESSAGES, HttpError, RETRY_AFTER_SECONDS } from "#server/errors.ts";
import { describeCause, faultAnswer, faultLogLine } from "./faults.server.ts";

const sqlite = (errcode: number, message: string) =>
  Object.assign(new Error(message), { code: "ERR_SQLITE_ERROR", errcode, errstr: message });
const postgres = (code: string, message: string) => Object.assign(new Error(message), { code });
const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("faultAnswer", () => {
  it("answers 507 for a full disk on either database", () => {
    for (const error of [
      sqlite(13, "database or disk is full"),
      postgres("53100", "could not extend file: No space left on device"),
    ]) {
      const answer = faultAnswer(error);
      expect(answer?.status).toBe(507);
      expect(answer?.message).toBe(FAULT_MESSAGES.storageFull);
      expect(answer?.cause).toBe(error);
    }
  });

  it("answers 503 with Retry-After for a database that cannot be written", () => {
    for (const error of [
      sqlite(8, "attempt to write a readonly database"),
      sqlite(1032, "attempt to write a readonly database"), // SQLITE_READONLY_DBMOVED
      postgres("25006", "cannot execute INSERT in a read-only transaction"),
    ]) {
      const answer = faultAnswer(error);
      expect(answer?.status, error.message).toBe(503);
      expect(answer?.message).toBe(FAULT_MESSAGES.storageUnavailable);
      expect(answer?.retryAfterSeconds).toBe(RETRY_AFTER_SECONDS.storage);
    }
  });

  it("answers 503 with Retry-After for a database that cannot be reached or does not answer", () => {
    const refused = errno("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432");
    for (const error of [
      refused,
      new AggregateError([refused, errno("ECONNREFUSED", "connect ECONNREFUSED ::1:5432")]),
      errno("ETIMEDOUT", "connect ETIMEDOUT 10.0.0.1:5432"),
      errno("ECONNRESET", "read ECONNRESET"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated due to connection timeout"),
      new Error("Connection terminated unexpectedly"),
      new Error("Query read timeout"),
      new Error("Client has encountered a connection error and is not queryable"),
      postgres("57P01", "terminating connection due to administrator command"),
      postgres("57P03", "the database system is starting up"),
      postgres("57014", "canceling statement due to statement timeout"),
      postgres("53300", "sorry, too many clients already"),
      postgres("08006", "connection failure"),
      sqlite(5, "database is locked"),
      sqlite(517, "database is locked"), // SQLITE_BUSY_SNAPSHOT
      sqlite(10, "disk I/O error"),
      sqlite(3338, "disk I/O error"), // SQLITE_IOERR_FSYNC
    ]) {
      const answer = faultAnswer(error);
      expect(answer?.status, error.message).toBe(503);
      expect(answer?.message).toBe(FAULT_MESSAGES.databaseUnavailable);
      expect(answer?.retryAfterSeconds).toBe(RETRY_AFTER_SECONDS.database);
    }
  });

  it("finds the database's error behind a library's own (better-auth's 'Failed to get session')", () => {
    const refused = errno("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432");
    const wrapped = new Error("Failed to get session", { cause: refused });
    expect(faultAnswer(wrapped)?.status).toBe(503);
    expect(faultAnswer(wrapped)?.cause).toBe(refused);
  });

  it("leaves everything else to the usual answers", () => {
    for (const error of [
      sqlite(2067, "UNIQUE constraint failed: posts.slug"),
      sqlite(1, "no such table: posts"),
      postgres("23505", "duplicate key value violates unique constraint"),
      postgres("42P01", 'relation "posts" does not exist'),
      new Error("boom"),
      new TypeError("x is undefined"),
      HttpError.badGateway("YouTube did not answer."),
      HttpError.notFound(),
      "a string",
      null,
    ]) {
      expect(faultAnswer(error), String(error)).toBeNull();
    }
  });

  it("passes on the storage layer's own fault answers", () => {
    const full = HttpError.storageFull(errno("ENOSPC", "ENOSPC: no space left on device, write"));
    expect(faultAnswer(full)).toBe(full);
  });
});

describe("the fault's log line", () => {
  it("names the request and the cause on one line, with SQLite's code by name", () => {
    const answer = faultAnswer(sqlite(13, "database or disk is full")) as HttpError;
    expect(faultLogLine("POST", "/api/posts?x=1", answer)).toBe(
      "POST /api/posts answered 507: SQLITE_FULL (13): database or disk is full",
    );
  });

  it("keeps an errno message as it is, and PostgreSQL's code in front", () => {
    expect(describeCause(errno("ENOSPC", "ENOSPC: no space left on device, write"))).toBe(
      "ENOSPC: no space left on device, write",
    );
    expect(describeCause(postgres("57P01", "terminating connection"))).toBe(
      "57P01: terminating connection",
    );
    expect(describeCause(new Error("line one\n    at somewhere (file.ts:1:2)"))).toBe(
      "line one at somewhere (file.ts:1:2)",
    );
  });

  it("leaves invitation tokens out of the logged path", () => {
    const answer = faultAnswer(new Error("Query read timeout")) as HttpError;
    expect(faultLogLine("GET", "/api/invitations/secret-token", answer)).toMatch(
      /^GET \/api\/invitations\/\{token\} answered 503: /,
    );
    expect(faultLogLine("GET", "/invite/secret-token?x=1", answer)).toMatch(
      /^GET \/invite\/\{token\} answered 503: /,
    );
    expect(faultLogLine("POST", "/api/invitations/accept", answer)).toMatch(
      /^POST \/api\/invitations\/accept answered/,
    );
  });
});
