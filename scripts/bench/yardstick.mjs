// The yardstick: a bare node:http server answering a fixed 20 KB body, measured in the same run
// as the site so that the site's ratios to it mean about the same on any machine.
import { startChild } from "./processes.mjs";

export const YARDSTICK_BODY_BYTES = 20 * 1024;

/** The yardstick as a target of its own (run first and again after the other targets). */
export const YARDSTICK = { name: "yardstick", kind: "yardstick", path: "/" };

/**
 * A bare Node HTTP server answering every request with the same body: the yardstick. For a
 * reference, /?bytes=N answers N random bytes instead (as incompressible as a compressed body).
 */
const YARDSTICK_SOURCE = `
import http from "node:http";
import { randomBytes } from "node:crypto";
const body = Buffer.alloc(Number(process.env.YARDSTICK_BYTES), "x");
const sized = new Map();
const server = http.createServer((req, res) => {
  if (req.url === "/") {
    res.writeHead(200, { "content-type": "text/plain", "content-length": body.length });
    res.end(body);
    return;
  }
  const bytes = Number(new URL(req.url, "http://x").searchParams.get("bytes"));
  if (!sized.has(bytes)) sized.set(bytes, randomBytes(bytes));
  const answer = sized.get(bytes);
  res.writeHead(200, { "content-type": "application/octet-stream", "content-length": answer.length });
  res.end(answer);
});
server.listen(0, "127.0.0.1", () => console.log("yardstick listening on " + server.address().port));
process.on("SIGTERM", () => { server.close(); server.closeAllConnections(); });
`;

/** Starts the yardstick as a child process on a loopback port. */
export async function startYardstick() {
  const yardstick = await startChild({
    name: "yardstick",
    args: ["--input-type=module", "-e", YARDSTICK_SOURCE],
    env: { ...process.env, YARDSTICK_BYTES: String(YARDSTICK_BODY_BYTES) },
    ready: /^yardstick listening on (\d+)$/m,
  });
  yardstick.origin = `http://127.0.0.1:${yardstick.port}`;
  console.log(`  yardstick: ${yardstick.origin} (PID ${yardstick.child.pid})`);
  return yardstick;
}
