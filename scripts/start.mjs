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
