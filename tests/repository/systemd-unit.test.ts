import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// The systemd unit shipped in deploy/ (docs/operations.md): it must start what `npm start` starts,
// and systemd itself must find nothing wrong with it.

const root = fileURLToPath(new URL("../..", import.meta.url));
const UNIT = path.join(root, "deploy", "studio-site@.service");
const unitText = readFileSync(UNIT, "utf8");
const scratch = mkdtempSync(path.join(tmpdir(), "studio-unit-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function settings(name: string): string[] {
  return [...unitText.matchAll(new RegExp(`^${name}=(.*)$`, "gm"))].map((match) => match[1] ?? "");
}

const hasSystemdAnalyze = spawnSync("systemd-analyze", ["--version"]).status === 0;

/** What `systemd-analyze verify` says about a unit file: its exit code and every line it printed. */
function verify(file: string): { status: number | null; output: string } {
  const run = spawnSync("systemd-analyze", ["verify", file], { encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

describe("the systemd unit", () => {
  it("runs the server the way `npm start` does, one process per port, stopped by SIGTERM", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const [start] = settings("ExecStart");
    expect(start).toMatch(/^\/\S+\/node scripts\/start\.mjs$/);
    expect(pkg.scripts.start).toBe("node scripts/start.mjs");
    expect(existsSync(path.join(root, "scripts", "start.mjs"))).toBe(true);
    expect(settings("Environment")).toEqual(
      expect.arrayContaining(["NODE_ENV=production", "PORT=%i"]),
    );
    expect(settings("KillSignal")).toEqual(["SIGTERM"]);
    expect(settings("Restart")).toEqual(["on-failure"]);
  });

  it.runIf(hasSystemdAnalyze)(
    "passes systemd-analyze verify, as a template and as an instance",
    () => {
      const instance = path.join(scratch, "studio-site@3000.service");
      copyFileSync(UNIT, instance);
      for (const file of [UNIT, instance]) {
        expect(verify(file)).toEqual({ status: 0, output: "" });
      }
    },
  );

  it.runIf(hasSystemdAnalyze)("is checked by a verify that reports a mistake", () => {
    // The check above proves something only if verify speaks up about a broken unit.
    const broken = path.join(scratch, "broken@3000.service");
    writeFileSync(broken, unitText.replace("KillSignal=SIGTERM", "KillSignal=SIGNOPE"));
    expect(verify(broken).output).toMatch(/SIGNOPE/);
  });
});
