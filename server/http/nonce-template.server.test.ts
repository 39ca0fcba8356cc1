import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  CSP_NONCE_LENGTH,
  createCspNonce,
  createNoncePlaceholder,
  NonceTemplate,
} from "./nonce-template.server.ts";

const placeholder = createNoncePlaceholder();

function template(text: string): NonceTemplate {
  const parsed = NonceTemplate.parse(Buffer.from(text.replaceAll("{N}", placeholder)), placeholder);
  if (!parsed) throw new Error("no placeholder in the text");
  return parsed;
}

/** Text like a page: repetitive markup, some non-ASCII, plenty to refer back to. */
function pageLike(bytes: number): string {
  const words = ['<div class="card">', "Skin pack", "wörld", "→", "<p>", "</p>", "mob", "é"];
  let text = "";
  while (Buffer.byteLength(text) < bytes) {
    text += `${words[randomBytes(1).readUInt8() % words.length]} ${randomBytes(3).toString("hex")} `;
  }
  return text;
}

describe("nonces", () => {
  it("are 24 characters of base64, never the same twice", () => {
    const nonces = Array.from({ length: 2000 }, () => createCspNonce());
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("placeholders are as long as a nonce and need no escaping anywhere", () => {
    const p = createNoncePlaceholder();
    expect(p).toHaveLength(CSP_NONCE_LENGTH);
    expect(p).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(p).not.toBe(createNoncePlaceholder());
  });
});

describe("NonceTemplate", () => {
  it("is null for a body without the placeholder", () => {
    expect(NonceTemplate.parse(Buffer.from("<p>no nonce</p>"), placeholder)).toBeNull();
  });

  it("puts the nonce in every place, identity and gzip alike", async () => {
    const t = template('<script nonce="{N}">a</script><link nonce="{N}"/>{N}{N}<p>end</p>');
    await t.prepareGzip();
    for (let i = 0; i < 5; i++) {
      const nonce = createCspNonce();
      const expected = `<script nonce="${nonce}">a</script><link nonce="${nonce}"/>${nonce}${nonce}<p>end</p>`;
      expect(t.render(nonce).toString()).toBe(expected);
      expect(gunzipSync(t.renderGzip(nonce)).toString()).toBe(expected);
      expect(t.length).toBe(Buffer.byteLength(expected));
    }
  });

  it("handles a placeholder at the very start and the very end", async () => {
    const t = template("{N}middle{N}");
    await t.prepareGzip();
    const nonce = createCspNonce();
    expect(gunzipSync(t.renderGzip(nonce)).toString()).toBe(`${nonce}middle${nonce}`);
  });

  it("stays correct for large pages, where parts refer back beyond the deflate window", async () => {
    for (const size of [10_000, 50_000, 200_000]) {
      const pieces = Array.from({ length: 12 }, () => pageLike(size / 12));
      const t = template(pieces.join('<script nonce="{N}">'));
      await t.prepareGzip();
      for (let i = 0; i < 3; i++) {
        const nonce = createCspNonce();
        const expected = pieces.join(`<script nonce="${nonce}">`);
        const gzip = t.renderGzip(nonce);
        expect(gunzipSync(gzip).toString(), `${size} bytes`).toBe(expected);
        expect(gzip.length).toBe(t.gzipLength);
        expect(gzip.length).toBeLessThan(Buffer.byteLength(expected));
      }
    }
  });

  it("compresses repeated text across the nonces about as well as one stream would", async () => {
    const row = '<li><a href="/blog/x">A post about worlds and skins</a></li>';
    const t = template(Array.from({ length: 40 }, () => row.repeat(20)).join("{N}"));
    await t.prepareGzip();
    // 40 × 20 identical rows: each part after the first is almost entirely back-references.
    expect(t.renderGzip(createCspNonce()).length).toBeLessThan(3_000);
    expect(t.length).toBeGreaterThan(45_000);
  });

  it("refuses a nonce of another length, which would corrupt the gzip form", async () => {
    const t = template("a{N}b");
    await t.prepareGzip();
    expect(() => t.render("short")).toThrow();
    expect(() => t.renderGzip("é".repeat(CSP_NONCE_LENGTH))).toThrow();
  });

  it("says when the gzip form is ready", async () => {
    const t = template("a{N}b");
    expect(t.gzipReady).toBe(false);
    expect(() => t.renderGzip(createCspNonce())).toThrow();
    await Promise.all([t.prepareGzip(), t.prepareGzip()]);
    expect(t.gzipReady).toBe(true);
  });
});
