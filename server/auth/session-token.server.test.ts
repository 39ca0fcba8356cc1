import { describe, expect, it } from "vitest";
import { setsSessionCookie, withoutSessionTokens } from "./session-token.server.ts";

describe("withoutSessionTokens", () => {
  it("removes the token of sign-in, get-session and list-sessions answers", () => {
    const user = { id: "u", email: "a@b.test" };
    expect(withoutSessionTokens({ redirect: false, token: "t", user })).toEqual({
      redirect: false,
      user,
    });
    expect(withoutSessionTokens({ session: { id: "s", token: "t" }, user })).toEqual({
      session: { id: "s" },
      user,
    });
    expect(withoutSessionTokens([{ id: "a", token: "t" }, { id: "b" }])).toEqual([
      { id: "a" },
      { id: "b" },
    ]);
    expect(withoutSessionTokens({ token: null, user })).toEqual({ user });
  });

  it("gives back the very value when it carries no token", () => {
    for (const value of [
      null,
      undefined,
      "text",
      1,
      { ok: true },
      [{ id: "a" }],
      { session: null },
    ]) {
      expect(withoutSessionTokens(value)).toBe(value);
    }
  });
});

describe("setsSessionCookie", () => {
  it("finds the session cookie, with or without the __Secure- prefix, and nothing else", () => {
    const headers = (...cookies: string[]) => {
      const result = new Headers();
      for (const cookie of cookies) result.append("Set-Cookie", cookie);
      return result;
    };
    expect(setsSessionCookie(headers("studio.session_token=abc.sig; Path=/"), "studio")).toBe(true);
    expect(setsSessionCookie(headers("__Secure-studio.session_token=abc; Secure"), "studio")).toBe(
      true,
    );
    expect(setsSessionCookie(headers("studio.state=x; Path=/"), "studio")).toBe(false);
    expect(setsSessionCookie(headers("other.session_token=x"), "studio")).toBe(false);
    expect(setsSessionCookie(undefined, "studio")).toBe(false);
  });
});
