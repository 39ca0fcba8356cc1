import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type OwnServer = { url: string; dataDir: string; stop: () => Promise<void> };

/**
 * The production server on a database of its own (empty unless env says otherwise), on a free
 * loopback port, for a test whose starting state the shared e2e server cannot give: nothing
 * published, no employees yet. stop() ends it by PID and removes its data.
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-e2e-own-"));
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      const exited = once(child, "exit");
      process.kill(child.pid, "SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
      child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
        const match = /serving on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
      });
      child.once("exit", () => {
        clearTimeout(timer);
        reject(new Error(`server exited:\n${output}`));
      });
    });
    return { url, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
