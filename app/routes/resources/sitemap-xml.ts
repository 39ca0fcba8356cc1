import { escapeMarkup } from "#common/format.ts";
import {
  type Compressed,
  compressToKeep,
  isCompressible,
  weakEtag,
} from "#server/http/cache-entry.server.ts";
import type { ListKey } from "#server/services/public-post-lists.server.ts";

/**
 * The sitemap's XML (docs/product/public-site.md#feeds-and-search-engines): /sitemap.xml is an
 * index of parts, /sitemap-pages.xml lists the site's own pages, and /sitemap-posts.xml lists up to
 * 1,000 posts from the key in its address on.
 */

const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** The public pages every sitemap names, in the order the navigation has them. */
export const PUBLIC_PAGES = ["/", "/studio", "/apps", "/videos", "/news"];

/** The headers of every sitemap answer: search engines and caches may keep it five minutes. */
export const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=300",
};

/** The lines as one XML document. */
export function xmlDocument(lines: string[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', ...lines, ""].join("\n");
}

/** An XML answer (XML_HEADERS). */
export function xmlResponse(lines: string[], status = 200): Response {
  return new Response(xmlDocument(lines), { status, headers: XML_HEADERS });
}

/** A `<urlset>` of addresses with their optional last-modified times. */
export function urlSet(urls: { loc: string; lastmod: string | null }[]): string[] {
  return [
    `<urlset xmlns="${NAMESPACE}">`,
    ...urls.map(
      ({ loc, lastmod }) =>
        `  <url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
  ];
}

/** A `<sitemapindex>` of the parts' addresses. */
export function sitemapIndex(locs: string[]): string[] {
  return [
    `<sitemapindex xmlns="${NAMESPACE}">`,
    ...locs.map((loc) => `  <sitemap><loc>${escapeMarkup(loc)}</loc></sitemap>`),
    "</sitemapindex>",
  ];
}

/** The path of the part of the posts' sitemap that starts at `key` (the first part: none). */
export function postsPartPath(key: ListKey | null, first: boolean): string {
  if (first || key === null) return "/sitemap-posts.xml";
  const params = new URLSearchParams({ from: key.publicationTime, id: key.id });
  return `/sitemap-posts.xml?${params.toString()}`;
}

/**
 * The key in a part's address: none for the first part; `from` (an ISO time) and `id`
 * together for the others; null when they are not a key (a 400).
 */
export function partKeyFrom(params: URLSearchParams): ListKey | null | "invalid" {
  const from = params.get("from");
  const id = params.get("id");
  if (from === null && id === null) return null;
  if (
    from === null ||
    id === null ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(from) ||
    Number.isNaN(Date.parse(from)) ||
    !/^[0-9A-Za-z-]{1,100}$/.test(id)
  ) {
    return "invalid";
  }
  return { publicationTime: from, id };
}

/** The index as it is sent: its bytes, their compressed forms (when worth it) and validator. */
export type IndexForms = {
  identity: Buffer;
  compressed: Partial<Record<Compressed, Buffer>>;
  etag: string;
};

/** The index naming the parts that start at `starts`, as it is sent. */
export async function indexForms(starts: ListKey[], siteUrl: string): Promise<IndexForms> {
  const parts = starts.map((key, i) => `${siteUrl}${postsPartPath(key, i === 0)}`);
  const identity = Buffer.from(
    xmlDocument(sitemapIndex([`${siteUrl}/sitemap-pages.xml`, ...parts])),
  );
  const compressed: IndexForms["compressed"] = {};
  if (isCompressible(identity.length, XML_HEADERS["Content-Type"])) {
    [compressed.br, compressed.gzip] = await Promise.all([
      compressToKeep(identity, "br"),
      compressToKeep(identity, "gzip"),
    ]);
  }
  return { identity, compressed, etag: weakEtag(identity) };
}
