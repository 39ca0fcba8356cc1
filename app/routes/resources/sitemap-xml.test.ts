import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { indexForms } from "./sitemap-xml.ts";

const SITE = "https://studio.example";

/** Where `count` parts of the posts' sitemap start, an hour apart. */
function starts(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    publicationTime: new Date(Date.UTC(2025, 0, 1, i)).toISOString(),
    id: `post-${String(i).padStart(4, "0")}-0000-4000-8000-000000000000`,
  }));
}

describe("the sitemap index as it is sent", () => {
  it("names the site's pages, then each part, the first without a key", async () => {
    const xml = (await indexForms(starts(2), SITE)).identity.toString();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      `${SITE}/sitemap-pages.xml`,
      `${SITE}/sitemap-posts.xml`,
      `${SITE}/sitemap-posts.xml?from=2025-01-01T01%3A00%3A00.000Z&amp;id=post-0001-0000-4000-8000-000000000000`,
    ]);
  });

  it("is compressed once, both ways, when it is long enough to be worth it", async () => {
    const forms = await indexForms(starts(12), SITE);
    expect(forms.identity.length).toBeGreaterThan(1024);
    const { br, gzip } = forms.compressed;
    expect(brotliDecompressSync(br ?? Buffer.alloc(0))).toEqual(forms.identity);
    expect(gunzipSync(gzip ?? Buffer.alloc(0))).toEqual(forms.identity);
    expect(br?.length).toBeLessThan(forms.identity.length / 3);
    expect(forms.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
  });

  it("is sent as it is when short, with a validator of its bytes", async () => {
    const short = await indexForms(starts(1), SITE);
    expect(short.identity.length).toBeLessThan(1024);
    expect(short.compressed).toEqual({});
    expect((await indexForms(starts(1), SITE)).etag).toBe(short.etag);
    expect((await indexForms(starts(2), SITE)).etag).not.toBe(short.etag);
  });
});
