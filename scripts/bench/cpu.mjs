// What a server process is doing, read from Linux's /proc: its CPU time, whether it has gone
// quiet after a load, and its memory.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** Linux's USER_HZ, the unit of the CPU times in /proc/<pid>/stat (100 on every common build). */
const CLOCK_TICKS = 100;
/** After a measurement, the longest wait for the server to be quiet (it may still be working). */
const QUIET_WAIT_MS = 120_000;
/** The server counts as quiet once it uses at most one clock tick of CPU in this long. */
const QUIET_WINDOW_MS = 300;

/** User plus system CPU seconds a process has used so far (Linux /proc), or null elsewhere. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * Waits until `server` is quiet: no connection to its port still open (a request whose client
 * has gone may wait on its socket without using the CPU, and resume later) and at most one
 * clock tick of CPU used in QUIET_WINDOW_MS; or until QUIET_WAIT_MS have passed. Answers how
 * long it was busy and whether it became quiet.
 */
export async function waitUntilQuiet(server) {
  const { pid } = server.child;
  const started = Date.now();
  let last = cpuSeconds(pid);
  if (last === null) return { busyMs: 0, quiet: true };
  while (Date.now() - started < QUIET_WAIT_MS) {
    await sleep(QUIET_WINDOW_MS);
    const now = cpuSeconds(pid);
    if (now === null) break;
    const idle = now - last <= 1 / CLOCK_TICKS;
    last = now;
    if (idle && !(openConnections(server.port) > 0)) {
      return { busyMs: Math.max(0, Date.now() - started - QUIET_WINDOW_MS), quiet: true };
    }
  }
  return { busyMs: Date.now() - started, quiet: false };
}

/**
 * TCP connections to `port` on this machine the server still has to finish with (Linux
 * /proc/net/tcp states: established, SYN received, FIN-wait-1, close-wait, last-ACK, closing),
 * or null where that cannot be read. TIME-WAIT and FIN-wait-2 are done on the server's side.
 */
function openConnections(port) {
  const local = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  let count = null;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let table;
    try {
      table = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    count ??= 0;
    for (const line of table.split("\n").slice(1)) {
      const [, address, , state] = line.trim().split(/\s+/);
      if (address?.endsWith(local) && OPEN_TCP_STATES.has(state)) count += 1;
    }
  }
  return count;
}
const OPEN_TCP_STATES = new Set(["01", "03", "04", "08", "09", "0B"]);

export function describeBusy({ busyMs, quiet }) {
  return `${(busyMs / 1000).toFixed(1)} s${quiet ? "" : " (and still was)"}`;
}

/** One field of /proc/<pid>/status in kB (VmRSS, VmHWM), or null (not Linux, or gone). */
export function procStatusKb(pid, field) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s*(\\d+) kB`, "m").exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The process's memory from /proc/<pid>/smaps_rollup (Linux), in bytes: `anonymous` (the V8
 * heap, malloc's arenas, buffers) and `files` (mapped files: the node binary, native libraries),
 * or null.
 */
export function smapsRollup(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kb = (field) => Number(new RegExp(`^${field}:\\s*(\\d+) kB`, "m").exec(text)?.[1] ?? 0);
    return { anonymous: kb("Anonymous") * 1024, files: (kb("Rss") - kb("Anonymous")) * 1024 };
  } catch {
    return null;
  }
}
