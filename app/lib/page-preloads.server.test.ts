import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "#app/lib/page-preloads.server.ts";

const page = (head: string) =>
  Buffer.from(`<!DOCTYPE html><html><head>${head}</head><body><p>Hi</p></body></html>`);

describe("withoutModulePreloads", () => {
  it("removes every modulepreload link and keeps the rest of the page as it was", () => {
    const result = withoutModulePreloads(
      page(
        '<meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="m"/>' +
          '<link rel="preload" as="font" href="/assets/a.woff2"/>' +
          '<link rel="modulepreload" href="/assets/root-B.js" nonce="m"/><link rel="modulepreload" href="/assets/site-C.js"/>' +
          '<link rel="stylesheet" href="/assets/root.css"/>',
      ),
    );
    expect(result.toString()).toBe(
      page(
        '<meta charSet="utf-8"/><link rel="preload" as="font" href="/assets/a.woff2"/>' +
          '<link rel="stylesheet" href="/assets/root.css"/>',
      ).toString(),
    );
  });

  it("answers a page without modulepreload links as it is", () => {
    const original = page('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(withoutModulePreloads(original)).toBe(original);
  });

  it("leaves a script's text that names modulepreload alone", () => {
    const original = page('<script>const rel = "modulepreload";</script>');
    expect(withoutModulePreloads(original).toString()).toBe(original.toString());
  });
});
