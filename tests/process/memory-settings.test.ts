import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
// `npm start` runs Node with a small young generation, in the process it was started as, and
// libvips is loaded only once an image is worked on.

afterEach(killServerProcesses);

/** The process's command line, as the system sees it (Linux). */
function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
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

  it("runs with Node's flags in the process it was started as, without libvips", async () => {
    const server = await startServerProcess(data.env);
    expect(commandLine(server.pid)).toContain("--max-semi-space-size=4");
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    expect(hasLibvips(server.pid)).toBe(false);
  });

  it("keeps a flag the operator gave in NODE_OPTIONS", async () => {
    const server = await startServerProcess({
      ...data.env,
      NODE_OPTIONS: "--max-semi-space-size=8",
    });
    expect(
      commandLine(server.pid).filter((arg) => arg.startsWith("--max-semi-space-size")),
    ).toEqual([]);
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
