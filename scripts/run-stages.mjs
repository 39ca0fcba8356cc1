// `npm test`: runs the named npm scripts one after another, stops at the first that fails, and
// prints how long each one took (CI's log shows where the time goes).
import { spawnSync } from "node:child_process";

const stages = process.argv.slice(2);
const times = [];
let failed = null;
for (const stage of stages) {
  const started = performance.now();
  console.log(`\n::: npm run ${stage}`);
  const run = spawnSync("npm", ["run", "--silent", stage], { stdio: "inherit" });
  times.push([stage, (performance.now() - started) / 1000]);
  if (run.status !== 0) {
    failed = { stage, code: run.status ?? 1 };
    break;
  }
}
console.log("\n::: test stage times");
for (const [stage, seconds] of times)
  console.log(`  ${stage.padEnd(14)} ${seconds.toFixed(0).padStart(5)} s`);
if (failed) {
  console.error(`npm run ${failed.stage} failed (exit code ${failed.code}).`);
  process.exit(failed.code);
}
