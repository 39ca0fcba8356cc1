// The load generator: autocannon, run in this process, and the addresses it asks for.
import autocannon from "autocannon";
import { CONNECTIONS, KEEP_BODIES } from "./options.mjs";
import { mulberry32 } from "./random.mjs";

/**
 * Measures `url` for `duration` seconds. With `nextPath`, every request asks for the address it
 * answers instead of the URL's (a random post, the memory part's mix). `connections` at once
 * (BENCH_CONNECTIONS by default), sending at most `rate` requests a second in all when it is set.
 */
export function cannon(
  url,
  duration,
  { method, headers, body },
  nextPath,
  { connections = CONNECTIONS, rate = 0 } = {},
) {
  return autocannon({
    url,
    connections,
    ...(rate > 0 && { overallRate: rate }),
    duration,
    timeout: 10,
    method,
    headers,
    body,
    ...(nextPath && { requests: [{ setupRequest: (request) => askFor(request, nextPath) }] }),
    setupClient: KEEP_BODIES ? undefined : countBodiesOnly,
  });
}

function askFor(request, nextPath) {
  request.path = nextPath();
  return request;
}

/**
 * autocannon keeps each response body as a string, decoding it as UTF-8 on the way: work no
 * real client does, and far slower for compressed (binary) bodies than for the yardstick's
 * ASCII one. For a 175 KB brotli body it capped the load generator at about 200 responses a
 * second whatever the server did. Every target, the yardstick included, skips it; bytes are
 * still counted. (`pipelinedRequests` is autocannon's per-connection queue; 9.x.)
 */
function countBodiesOnly(client) {
  if (typeof client.pipelinedRequests?.addBody !== "function") {
    throw new Error(
      "this autocannon version has no pipelinedRequests.addBody; see countBodiesOnly",
    );
  }
  client.pipelinedRequests.addBody = ignoreBody;
}

/** One function for every connection, so autocannon's call to it stays monomorphic. */
function ignoreBody() {}

/** Responses that were not 2xx plus failed requests (autocannon counts timeouts as errors too). */
export function failures(result) {
  return result.non2xx + result.errors;
}

export function describeFailures(result) {
  const codes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, { count }]) => `${count}×${code}`);
  const parts = [`${result.non2xx} non-2xx${codes.length > 0 ? ` (${codes.join(", ")})` : ""}`];
  parts.push(`${result.errors} errors (${result.timeouts} of them timeouts)`);
  return parts.join(", ");
}

/**
 * A function answering the address to ask for next: `template` with its {names} replaced by
 * `values`; a value that is a list gives a random one of its items each time (a seeded
 * generator, so every run asks for the same sequence). Its `random` is true when that happens.
 */
export function pathMaker(template, values, seed) {
  const random = mulberry32(seed);
  const value = (key) => {
    const found = values[key];
    if (found === undefined) throw new Error(`no seeded value for {${key}} in ${template}`);
    return found;
  };
  const make = () =>
    template.replace(/\{(\w+)\}/g, (_, key) => {
      const found = value(key);
      return encodeURIComponent(
        Array.isArray(found) ? found[Math.floor(random() * found.length)] : found,
      );
    });
  make.random = [...template.matchAll(/\{(\w+)\}/g)].some(([, key]) => Array.isArray(value(key)));
  return make;
}
