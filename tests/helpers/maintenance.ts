import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as tar from "tar";
import { postgresColumns, summariseTable, TABLES } from "#server/db/table-rows.server.ts";
import type { Manifest } from "#server/maintenance/archive.server.ts";
import type { TestDatabase } from "#tests/helpers/test-database.ts";

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

/** Every file and folder under dir with its mode and, for a file, its SHA-256. */
export async function filesIn(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Object.fromEntries(
    entries.map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      const mode = (statSync(full).mode & 0o777).toString(8);
      const digest = entry.isFile()
        ? createHash("sha256").update(readFileSync(full)).digest("hex")
        : "folder";
      return [path.relative(dir, full), `${mode} ${digest}`];
    }),
  );
}

/** A restore target as a restore could change it: its files, and on PostgreSQL every table. */
export async function stateOf(db: TestDatabase): Promise<unknown> {
  const files = await filesIn(db.dataDir);
  if (db.kind !== "postgres") return { files };
  const tables: Record<string, unknown> = {};
  for (const table of TABLES) {
    const columns = await postgresColumns(db.handle.db, table.name);
    tables[table.name] = await summariseTable(db.handle.db, table, columns);
  }
  return { files, tables };
}

/** Unpacks a backup archive, lets `change` alter its files and manifest, and packs it again. */
export async function craftArchive(
  from: string,
  out: string,
  change: (dir: string, manifest: Manifest) => Promise<void> | void,
): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), "studio-crafted-"));
  try {
    await tar.extract({ file: from, cwd: dir });
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
    await change(dir, manifest);
    writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    await tar.create({ file: out, cwd: dir }, await readdir(dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A file's size and SHA-256, as a manifest lists them. */
export function digestOf(file: string): { size: number; sha256: string } {
  const bytes = readFileSync(file);
  return { size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}
