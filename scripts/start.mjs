// `npm start`: build when there is no build yet, then run the production server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `Studio Site needs Node.js 22.22 or newer (24 recommended); this is ${process.version}.`,
  );
  process.exit(1);
}

/**
 * Node's settings for the server (docs/decisions/017-memory-ceiling.md). V8 lets each of the
 * young generation's two semi-spaces grow to 32 MB under load, and keeps them that size: 64 MB
 * of the process's memory for objects that mostly live for one request. 4 MB each holds a
 * request's garbage between collections and costs no measurable CPU per request.
 */
const NODE_FLAGS = ["--max-semi-space-size=4"];

// V8 reads these when the process starts, not later, so the process replaces itself (same PID,
// same output, same signals) with one started with them. A flag already given, on the command
// line or in NODE_OPTIONS, is left as it is; without process.execve (Windows) the server runs
// with Node's defaults.
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].map((flag) =>
  flag.split("=")[0].replaceAll("_", "-"),
);
const missing = NODE_FLAGS.filter((flag) => !given.includes(flag.split("=")[0]));
if (missing.length > 0 && typeof process.execve === "function") {
  process.execve(process.execPath, [
    process.execPath,
    ...missing,
    ...process.execArgv,
    ...process.argv.slice(1),
  ]);
}

const root = fileURLToPath(new URL("..", import.meta.url));
const entry = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(entry)) {
  console.log("No build found: building first (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
const { start } = await import(entry.href);
await start();
