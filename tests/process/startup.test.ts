import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { killServerProcesses, runFailingServerProcess } from "#tests/helpers/server-process.ts";

// Whatever stops the server before it listens is reported in words an operator can act on,
// without a stack trace, and the process ends with code 1
// (docs/product/platform.md#configuration-and-commands).

afterEach(killServerProcesses);

describe("a server that cannot start", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "studio-startup-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("exits with 1 and names the database when PostgreSQL cannot be reached", async () => {
    const result = await runFailingServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://postgres:secret@127.0.0.1:1/test",
    });
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toMatch(
      /^Cannot open the database \(PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/test\): .*ECONNREFUSED/,
    );
    expect(result.stderr).not.toContain("secret");
    expect(result.stdout).not.toContain("serving");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/studio"],
    ["SEED_DEMO", "yes"],
  ])("exits with 1 and names %s when it is %s", async (name, value) => {
    const result = await runFailingServerProcess({ DATA_DIR: dataDir, [name]: value });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Invalid configuration:/);
    expect(result.stderr).toContain(`${name}:`);
    expectNoStackTrace(result.stderr);
  });

  it("exits with 1 and says so when the port is already in use", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const result = await runFailingServerProcess({ DATA_DIR: dataDir, PORT: String(port) });
      expect(result.code).toBe(1);
      expect(oneLine(result.stderr)).toBe(
        `Cannot listen on 127.0.0.1:${port}: listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

/**
 * The one line the process printed on stderr (fails if it printed more or a stack trace).
 * Node's own warnings (node:sqlite is still "experimental" on some supported versions) are not ours.
 */
function oneLine(stderr: string): string {
  const lines = stderr
    .trim()
    .split("\n")
    .filter((line) => !/^\(node:\d+\) \w*Warning:|^\(Use `node --trace-warnings/.test(line));
  expect(lines, stderr).toHaveLength(1);
  return lines[0] ?? "";
}

function expectNoStackTrace(text: string) {
  expect(text).not.toMatch(/^\s+at /m);
}
