import { describe, expect, it } from "vitest";
import { acceptsWebp, negotiateEncoding } from "./negotiation.server.ts";

describe("acceptsWebp", () => {
  it.each([
    ["image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", true],
    ["image/avif,image/webp,*/*", true],
    ["IMAGE/WEBP", true],
    ["image/png, image/webp;q=0.5", true],
    ["image/webp ; q=1.0", true],
  ])("%s: yes", (accept, expected) => {
    expect(acceptsWebp(accept)).toBe(expected);
  });

  it.each([
    [undefined],
    [""],
    ["*/*"],
    ["image/*"],
    ["image/png,image/jpeg"],
    ["image/webp;q=0"],
    ["image/webp;q=0.000, */*"],
    ["image/webpx"],
  ])("%s: no", (accept) => {
    expect(acceptsWebp(accept)).toBe(false);
  });
});

describe("negotiateEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", true, "br"],
    ["gzip, deflate, br, zstd", false, "gzip"],
    ["br;q=0, gzip", true, "gzip"],
    ["x-gzip", true, "gzip"],
    ["*", true, "br"],
    ["*;q=0, identity", true, "identity"],
    ["identity", true, "identity"],
    [undefined, true, "identity"],
  ] as const)("%s (brotli available: %s): %s", (header, brotliAvailable, expected) => {
    expect(negotiateEncoding(header, brotliAvailable)).toBe(expected);
  });
});
