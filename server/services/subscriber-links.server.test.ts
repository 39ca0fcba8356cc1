import { describe, expect, it } from "vitest";
import {
  CONFIRMATION_TTL_MS,
  confirmationUrl,
  readConfirmationToken,
  readUnsubscribeToken,
  unsubscribeUrl,
} from "./subscriber-links.server.ts";

const SITE = { siteUrl: "https://studio.example.com", secret: "k".repeat(40) };
const ID = "3f1c3c4e-9a55-4b7e-9b7e-1f0f5a2c8d11";
const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

describe("confirmation links", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  const token = tokenOf(confirmationUrl(SITE, ID, now));

  it("live under /subscribe/confirm/ and name the subscriber for 7 days", () => {
    expect(confirmationUrl(SITE, ID, now)).toMatch(
      /^https:\/\/studio\.example\.com\/subscribe\/confirm\//,
    );
    expect(readConfirmationToken(SITE.secret, token, now)).toEqual({
      status: "valid",
      subscriberId: ID,
    });
    const late = new Date(now.getTime() + CONFIRMATION_TTL_MS + 1000);
    expect(readConfirmationToken(SITE.secret, token, late)).toEqual({
      status: "expired",
      subscriberId: ID,
    });
  });

  it("are refused when changed, cut short, signed with another secret or used to unsubscribe", () => {
    const [id, expires, signature] = token.split(".");
    const later = (Number.parseInt(expires ?? "", 36) + 86_400).toString(36);
    for (const forged of [
      `${id}.${later}.${signature}`,
      `other-id.${expires}.${signature}`,
      `${id}.${expires}`,
      `${token}.x`,
      "",
    ]) {
      expect(readConfirmationToken(SITE.secret, forged, now)).toEqual({ status: "invalid" });
    }
    expect(readConfirmationToken("z".repeat(40), token, now)).toEqual({ status: "invalid" });
    expect(readUnsubscribeToken(SITE.secret, `${id}.${signature}`)).toBeNull();
  });
});

describe("unsubscribe links", () => {
  it("name the subscriber with no end date and refuse any change", () => {
    const url = unsubscribeUrl(SITE, ID);
    expect(url).toMatch(/^https:\/\/studio\.example\.com\/unsubscribe\/[^/]+$/);
    const token = tokenOf(url);
    expect(readUnsubscribeToken(SITE.secret, token)).toBe(ID);
    expect(readUnsubscribeToken(SITE.secret, `${token}x`)).toBeNull();
    expect(readUnsubscribeToken(SITE.secret, token.replace(ID, "another-id"))).toBeNull();
    expect(readUnsubscribeToken("z".repeat(40), token)).toBeNull();
  });
});
