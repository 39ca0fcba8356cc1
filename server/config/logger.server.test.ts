import { describe, expect, it } from "vitest";
import { loggedUrl } from "./logger.server.ts";

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
