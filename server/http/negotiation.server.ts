// Content negotiation from the request's Accept-Encoding and Accept headers.

export type ContentEncoding = "br" | "gzip" | "identity";

/** Browsers send one of a handful of values; each is parsed once. */
const parsed = new Map<string, { br: boolean; gzip: boolean }>();
const PARSED_LIMIT = 100;

/**
 * The encoding to answer with, from the request's Accept-Encoding: brotli when it is accepted
 * and `brotliAvailable`, otherwise gzip when accepted, otherwise none. q=0 refuses a coding;
 * `*` stands for every coding the header does not name.
 */
export function negotiateEncoding(
  header: string | undefined,
  brotliAvailable: boolean,
): ContentEncoding {
  if (!header) return "identity";
  let accepted = parsed.get(header);
  if (!accepted) {
    const weights = acceptWeights(header);
    const acceptable = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
    accepted = { br: acceptable("br"), gzip: acceptable("gzip") };
    if (parsed.size >= PARSED_LIMIT) parsed.clear();
    parsed.set(header, accepted);
  }
  if (brotliAvailable && accepted.br) return "br";
  return accepted.gzip ? "gzip" : "identity";
}

/**
 * True when the Accept header names image/webp with a weight above 0. A wildcard (any type, or
 * any image type) is not enough: a client that only says that may not decode WebP.
 */
export function acceptsWebp(accept: string | undefined): boolean {
  return accept ? (acceptWeights(accept).get("image/webp") ?? 0) > 0 : false;
}

/**
 * The weight (q) of each value an Accept or Accept-Encoding header names, lower-cased; a value
 * named twice keeps its higher weight, an unreadable weight counts as 0. `x-gzip` is gzip.
 */
function acceptWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const item of header.split(",")) {
    const [value = "", ...params] = item.split(";").map((part) => part.trim().toLowerCase());
    if (value === "") continue;
    let weight = 1;
    for (const param of params) {
      const match = /^q=([0-9.]+)$/.exec(param);
      if (match) weight = Number(match[1]);
    }
    const name = value === "x-gzip" ? "gzip" : value;
    weights.set(name, Math.max(weights.get(name) ?? 0, Number.isFinite(weight) ? weight : 0));
  }
  return weights;
}
