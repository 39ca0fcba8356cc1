import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { solidImage } from "#tests/helpers/images.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  startServerProcess,
} from "#tests/helpers/server-process.ts";

// What keeps the production server's memory within its bounds (docs/decisions/017-memory-ceiling.md):
// `npm start` runs Node with a small young generation and jemalloc when the system has it
// (glibc's allocator with settings otherwise), in the process it was started as, and libvips is
// loaded only once an image is worked on.

afterEach(killServerProcesses);

/** The process's command line, as the system sees it (Linux). */
function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
}

/** jemalloc's library where this system has it (scripts/start.mjs looks in the same places). */
const JEMALLOC = [
  `/usr/lib/${process.arch === "arm64" ? "aarch64" : "x86_64"}-linux-gnu/libjemalloc.so.2`,
  "/usr/lib64/libjemalloc.so.2",
  "/usr/lib/libjemalloc.so.2",
].find((file) => existsSync(file));

/** The process's environment variable `name`, as the system sees it (Linux). */
function environmentOf(pid: number, name: string): string | undefined {
  const entry = readFileSync(`/proc/${pid}/environ`, "utf8")
    .split("\0")
    .find((pair) => pair.startsWith(`${name}=`));
  return entry?.slice(name.length + 1);
}

/** Node's own limit of V8's heap on this machine, in MB, without any flag. */
function defaultHeapLimitMb(): number {
  const { NODE_OPTIONS: _, ...env } = process.env;
  const bytes = execFileSync(
    process.execPath,
    ["-p", "require('node:v8').getHeapStatistics().heap_size_limit"],
    { env, encoding: "utf8" },
  );
  return Number(bytes) / (1024 * 1024);
}

/** True when the process has mapped a libvips library. */
function hasLibvips(pid: number): boolean {
  return /libvips/.test(readFileSync(`/proc/${pid}/maps`, "utf8"));
}

describe("the server's memory settings", () => {
  let data: ServerData;
  beforeAll(async () => {
    data = await createServerData("sqlite");
  });
  afterAll(() => data?.destroy());

  it("runs with Node's flags and the allocator's settings in the process it was started as, without libvips", async () => {
    const server = await startServerProcess(data.env);
    expect(commandLine(server.pid)).toContain("--max-semi-space-size=4");
    // The old generation's limit, only where Node's own would be higher.
    const oldSpaceFlags = commandLine(server.pid).filter((arg) =>
      arg.startsWith("--max-old-space-size"),
    );
    expect(oldSpaceFlags).toEqual(defaultHeapLimitMb() > 2000 ? ["--max-old-space-size=2000"] : []);
    if (JEMALLOC) {
      expect(environmentOf(server.pid, "LD_PRELOAD")).toBe(JEMALLOC);
      expect(environmentOf(server.pid, "MALLOC_CONF")).toContain("background_thread:true");
      expect(readFileSync(`/proc/${server.pid}/maps`, "utf8")).toContain("libjemalloc");
    } else {
      expect(environmentOf(server.pid, "GLIBC_TUNABLES")).toBe(
        "glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072:glibc.malloc.arena_max=2",
      );
    }
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    expect(hasLibvips(server.pid)).toBe(false);
  });

  it("keeps a flag the operator gave in NODE_OPTIONS, and their choice of allocator", async () => {
    const server = await startServerProcess({
      ...data.env,
      NODE_OPTIONS: "--max-semi-space-size=8 --max-old-space-size=3000",
      LD_PRELOAD: "",
    });
    expect(
      commandLine(server.pid).filter((arg) => /^--max-(semi|old)-space-size/.test(arg)),
    ).toEqual([]);
    expect(environmentOf(server.pid, "LD_PRELOAD")).toBe("");
    expect(environmentOf(server.pid, "GLIBC_TUNABLES")).toBeUndefined();
    expect(readFileSync(`/proc/${server.pid}/maps`, "utf8")).not.toContain("libjemalloc");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("loads libvips for the variants of a stored image", async () => {
    const uploads = path.join(data.dataDir, "uploads");
    mkdirSync(uploads, { recursive: true });
    writeFileSync(path.join(uploads, "stored-picture.png"), await solidImage("png", 600, 400));
    const server = await startServerProcess(data.env);
    await server.waitForOutput(/Made \d+ image variant\(s\)/, 20_000);
    expect(hasLibvips(server.pid)).toBe(true);
  });
});
