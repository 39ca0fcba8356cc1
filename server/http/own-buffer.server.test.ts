import { describe, expect, it } from "vitest";
import { ownBuffer } from "./own-buffer.server.ts";

describe("ownBuffer", () => {
  it("copies a slice of Node's pool into a buffer of its own size", () => {
    const pooled = Buffer.from("a small answer");
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    const own = ownBuffer([pooled]);
    expect(own.equals(pooled)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.byteLength);
  });

  it("joins several pieces into one buffer of their own", () => {
    const own = ownBuffer([Buffer.from("<p>"), Buffer.from("castle"), Buffer.from("</p>")]);
    expect(own.toString()).toBe("<p>castle</p>");
    expect(own.buffer.byteLength).toBe(own.byteLength);
  });

  it("hands back a piece that is already its own buffer, without a copy", () => {
    const whole = Buffer.allocUnsafeSlow(40 * 1024).fill(1);
    expect(ownBuffer([whole])).toBe(whole);
  });

  it("answers an empty buffer for no bytes", () => {
    expect(ownBuffer([]).byteLength).toBe(0);
  });
});
