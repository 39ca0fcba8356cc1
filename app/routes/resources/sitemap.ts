import { serverContext } from "#server/context.server.ts";
import { etagMatches } from "#server/http/cache-entry.server.ts";
import { negotiateEncoding } from "#server/http/negotiation.server.ts";
import {
  type ListKey,
  reusedSitemapPartStarts,
} from "#server/services/public-post-lists.server.ts";
import type { Route } from "./+types/sitemap.ts";
import { type IndexForms, indexForms, XML_HEADERS } from "./sitemap-xml.ts";

/**
 * The forms made for each walk of the part starts (reusedSitemapPartStarts gives the same list
 * until it walks again), so that the index is built and compressed once per walk, not per
 * request: asking for it costs the same at any number of posts.
 */
const formsOfWalk = new WeakMap<ListKey[], { siteUrl: string; forms: Promise<IndexForms> }>();

function formsFor(starts: ListKey[], siteUrl: string): Promise<IndexForms> {
  const kept = formsOfWalk.get(starts);
  if (kept?.siteUrl === siteUrl) return kept.forms;
  const forms = indexForms(starts, siteUrl);
  formsOfWalk.set(starts, { siteUrl, forms });
  // Not kept when making them failed: the next request tries again.
  forms.catch(() => {
    if (formsOfWalk.get(starts)?.forms === forms) formsOfWalk.delete(starts);
  });
  return forms;
}

/**
 * The sitemap index: the site's pages, then one part per 1,000 publicly visible posts, oldest
 * publication first, so that together they list every post and each part is as cheap to build
 * as the first. Where the parts start is worked out at most once a minute
 * (reusedSitemapPartStarts); the index is made, compressed included, once for each such walk.
 * It carries its own encoding, so the response cache passes it on as it is.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
  const forms = await formsFor(await reusedSitemapPartStarts(db), config.siteUrl);
  const headers = new Headers({ ...XML_HEADERS, Vary: "Accept-Encoding", ETag: forms.etag });
  if (etagMatches(request.headers.get("if-none-match") ?? undefined, forms.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = negotiateEncoding(request.headers.get("accept-encoding") ?? undefined, true);
  const compressed = encoding === "identity" ? undefined : forms.compressed[encoding];
  if (compressed) headers.set("Content-Encoding", encoding);
  // A Buffer's memory is a plain ArrayBuffer (never shared), which Response copies.
  return new Response((compressed ?? forms.identity) as Uint8Array<ArrayBuffer>, { headers });
}
