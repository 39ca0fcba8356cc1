import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// `npm run dev` as a developer runs it: Vite's middleware in our own server process. It must
// render pages and answer the API like the production server does.

const root = fileURLToPath(new URL("../..", import.meta.url));
const SERVING_LINE = /Studio Site is serving on (http:\/\/127\.0\.0\.1:\d+)/;

describe("npm run dev", () => {
  let child: ChildProcess;
  let url: string;
  let output = "";
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-dev-"));

  beforeAll(async () => {
    // The same command as the npm script, so a change to the script is tested too.
    const script = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts
      .dev as string;
    const [command, ...args] = script.split(" ");
    expect(command).toBe("node");
    child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: dataDir,
        SEED_DEMO: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no serving line:\n${output}`)), 90_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = SERVING_LINE.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("exit", () => {
        clearTimeout(timer);
        reject(new Error(`the dev server exited:\n${output}`));
      });
    });
  }, 120_000);

  afterAll(async () => {
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      process.kill(child.pid, "SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("renders the home page and answers the API", { timeout: 120_000 }, async () => {
    const home = await fetch(`${url}/`);
    const html = await home.text();
    expect(home.status, html.slice(0, 500)).toBe(200);
    expect(html).toContain("Override Everything");
    const posts = await fetch(`${url}/api/posts/published?limit=3`);
    expect(posts.status).toBe(200);
    expect(((await posts.json()) as unknown[]).length).toBe(3);
  });
});
