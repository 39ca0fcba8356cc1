import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

// The maintenance commands (npm run backup / restore / migrate-to-postgres) run the way an
// operator runs them: `node scripts/<command>.mjs` from the repository, as a child process with
// only the environment given (and PATH).

const root = fileURLToPath(new URL("../..", import.meta.url));

export type CommandResult = { code: number | null; stdout: string; stderr: string };

export function runCommand(
  script: "backup" | "restore" | "migrate-to-postgres",
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`scripts/${script}.mjs`, ...args], {
      cwd: root,
      env: Object.fromEntries(
        Object.entries({ PATH: process.env.PATH, ...env }).filter(([, v]) => v !== undefined),
      ),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(child.pid, "SIGKILL");
      reject(new Error(`${script} did not finish within ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
