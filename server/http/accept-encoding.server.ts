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
    accepted = parseAcceptEncoding(header);
    if (parsed.size >= PARSED_LIMIT) parsed.clear();
    parsed.set(header, accepted);
  }
  if (brotliAvailable && accepted.br) return "br";
  return accepted.gzip ? "gzip" : "identity";
}

function parseAcceptEncoding(header: string): { br: boolean; gzip: boolean } {
  const weights = new Map<string, number>();
  for (const item of header.split(",")) {
    const [coding = "", ...params] = item.split(";").map((part) => part.trim().toLowerCase());
    if (coding === "") continue;
    let weight = 1;
    for (const param of params) {
      const match = /^q=([0-9.]+)$/.exec(param);
      if (match) weight = Number(match[1]);
    }
    const name = coding === "x-gzip" ? "gzip" : coding;
    weights.set(name, Math.max(weights.get(name) ?? 0, Number.isFinite(weight) ? weight : 0));
  }
  const acceptable = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  return { br: acceptable("br"), gzip: acceptable("gzip") };
}
