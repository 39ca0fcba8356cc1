import { execFileSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { boundedDestination, loggedUrl } from "./logger.server.ts";

describe("boundedDestination", () => {
  it("holds at most its bound for a reader that has stopped, and counts what it drops", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "log-pipe-"));
    const fifo = path.join(folder, "out");
    execFileSync("mkfifo", [fifo]);
    // Both ends of a pipe whose reader reads nothing until told to.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    const reports: number[] = [];
    const stream = boundedDestination(writer, 256 * 1024, (dropped) => reports.push(dropped));
    try {
      const lines = 2000;
      for (let i = 0; i < lines; i++) stream.write(`${String(i).padStart(1023, "x")}\n`);
      await expect.poll(() => reports, { timeout: 5000 }).toHaveLength(1);
      const [dropped = 0] = reports;
      // The pipe holds 64 KB and the destination 256 KB of 1 KB lines: the rest is dropped.
      expect(dropped).toBeGreaterThan(lines - 330);

      // The reader comes back: it gets every line that was kept, whole and in order.
      const read: string[] = [];
      let pending = "";
      const chunk = Buffer.alloc(64 * 1024);
      const until = Date.now() + 10_000;
      while (read.length + dropped < lines && Date.now() < until) {
        let n = 0;
        try {
          n = readSync(reader, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
        }
        if (n === 0) {
          await sleep(20);
          continue;
        }
        pending += chunk.toString("utf8", 0, n);
        const parts = pending.split("\n");
        pending = parts.pop() ?? "";
        read.push(...parts);
      }
      expect(read.length + dropped).toBe(lines);
      expect(read.every((line) => line.length === 1023)).toBe(true);
      const numbers = read.map((line) => Number(line.replace(/^x+/, "")));
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect(numbers[0]).toBe(0);
    } finally {
      stream.destroy();
      closeSync(reader);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("loggedUrl", () => {
  it("leaves addresses without secrets as they are", () => {
    for (const url of [
      "/",
      "/news?page=2&q=worlds",
      "/api/posts/slug/hello-world",
      "/api/invitations/accept",
      "/invite",
      "/assets/app-1a2b.js",
    ]) {
      expect(loggedUrl(url)).toBe(url);
    }
  });

  it("hides the token of an invitation link, its data request and its API call", () => {
    expect(loggedUrl("/invite/abc.def")).toBe("/invite/[redacted]");
    expect(loggedUrl("/invite/abc.def.data")).toBe("/invite/[redacted]");
    expect(loggedUrl("/subscribe/confirm/id.exp.mac?confirmed=1")).toBe(
      "/subscribe/confirm/[redacted]?confirmed=1",
    );
    expect(loggedUrl("/unsubscribe/id.mac")).toBe("/unsubscribe/[redacted]");
    expect(loggedUrl("/unsubscribe")).toBe("/unsubscribe");
    expect(loggedUrl("/invite/abc.def?returnTo=%2F")).toBe("/invite/[redacted]?returnTo=%2F");
    expect(loggedUrl("/api/invitations/abc.def")).toBe("/api/invitations/[redacted]");
    expect(loggedUrl("/api/auth/reset-password/xyz")).toBe("/api/auth/reset-password/[redacted]");
    expect(loggedUrl("/reset-password/xyz")).toBe("/reset-password/[redacted]");
    expect(loggedUrl("/reset-password/xyz.data")).toBe("/reset-password/[redacted]");
  });

  it("hides the token of a preview link and of its data request", () => {
    expect(loggedUrl("/preview/Ab-_12")).toBe("/preview/[redacted]");
    expect(loggedUrl("/preview/Ab-_12.data")).toBe("/preview/[redacted]");
  });

  it("hides the values of token-like query parameters, whatever their case or encoding", () => {
    expect(loggedUrl("/unsubscribe?email=a%40b.test&token=t0k3n")).toBe(
      "/unsubscribe?email=[redacted]&token=[redacted]",
    );
    expect(
      loggedUrl("/api/auth/callback/oidc?code=c0de&state=st4te&iss=https%3A%2F%2Fid.example"),
    ).toBe("/api/auth/callback/oidc?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid.example");
    expect(loggedUrl("/x?Access_Token=1&api%5Fsecret=2&page=3&TOKEN")).toBe(
      "/x?Access_Token=[redacted]&api%5Fsecret=[redacted]&page=3&TOKEN=[redacted]",
    );
  });
});
