// Single requests as the benchmark sends them: a probe that sees the bytes on the wire, the
// owner's sign-in, and one staff member's requests one after another.
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { BENCH_OWNER, REQUEST_HEADERS } from "./options.mjs";

/** Requests sent one after another for a staff target's latency (what one staff member waits). */
export const STAFF_LATENCY_REQUESTS = 300;

/**
 * One request as the benchmark sends it: status, bytes on the wire, the encoding, and the
 * decoded body (fetch would hide the first two).
 */
export function probeUrl(url, { method = "GET", headers = REQUEST_HEADERS, body } = {}) {
  return new Promise((resolve, reject) => {
    // A connection of its own, closed after the answer: none stays open to the server.
    const options = { method, headers, timeout: 30_000, agent: false };
    const request = http.request(url, options, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const wire = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"] ?? null;
        const body =
          encoding === "br"
            ? brotliDecompressSync(wire)
            : encoding === "gzip"
              ? gunzipSync(wire)
              : wire;
        resolve({
          status: response.statusCode,
          bytes: wire.length,
          encoding,
          decodedBytes: body.length,
          text: body.toString("utf8"),
        });
      });
    });
    request.on("timeout", () => request.destroy(new Error(`no answer from ${url} in 30 s`)));
    request.on("error", reject);
    request.end(body);
  });
}

/** Signs the owner in on the site server and answers the Cookie header of the session. */
export async function signInOwner(origin) {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(BENCH_OWNER),
  });
  if (response.status !== 200) {
    throw new Error(`signing the owner in answered ${response.status}: ${await response.text()}`);
  }
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * Latency percentiles (ms) of STAFF_LATENCY_REQUESTS requests to `url`, each sent when the one
 * before has been answered, on one kept-alive connection; the body read to its end.
 */
export async function sequentialLatency(url, { method, headers, body }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  try {
    for (let i = 0; i < STAFF_LATENCY_REQUESTS; i++) {
      const started = performance.now();
      await new Promise((resolve, reject) => {
        const request = http.request(url, { method, headers, agent }, (response) => {
          response.on("data", () => {});
          response.on("end", resolve);
          response.on("error", reject);
        });
        request.on("error", reject);
        request.end(body);
      });
      times.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  const at = (share) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
