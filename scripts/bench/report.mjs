// The end of a run: every part's table, which targets ran, every failure (the exit code), and
// one verdict per target, in that order.
import os from "node:os";
import { printCacheHitVerdicts, printTable, TARGETS } from "./cache-hits.mjs";
import { describeFailures, failures } from "./load.mjs";
import { MEMORY, printMemory, printMemoryVerdicts } from "./memory.mjs";
import { NEWSLETTER, printNewsletter, printNewsletterVerdicts } from "./newsletter.mjs";
import { CPU_PROF_DIR, DATABASE_URL, STAFF_POSTGRES_URL } from "./options.mjs";
import { printWeights, printWeightVerdict } from "./page-weight.mjs";
import { profiledServers } from "./processes.mjs";
import { printComparisons, printSaveVerdicts } from "./saves.mjs";
import { printStaffTable, STAFF_TARGETS, staffBudgetBreaches } from "./staff.mjs";
import { printTwoProcessVerdicts, TWO_PROCESSES } from "./two-processes.mjs";
import { printUncachedComparison, printUncachedVerdicts, UNCACHED_TARGETS } from "./uncached.mjs";

/**
 * Prints the report of a run and answers whether it failed. `run` holds what the parts measured:
 * `results` (the yardstick's runs and the cache-hit part), `uncachedRuns`, `staffRuns`,
 * `weights`, `memory`, `twoProcesses` and `newsletter` (null when not run).
 */
export function report(run, { isSelected, staffSelected, startedAt }) {
  const { results, uncachedRuns, staffRuns, weights, memory, twoProcesses, newsletter } = run;
  const yardsticks = results.filter((r) => r.target.kind === "yardstick" && r.measured);
  const baseline =
    yardsticks.length === 0
      ? null
      : yardsticks.reduce((sum, r) => sum + r.measured.requests.average, 0) / yardsticks.length;
  // The yardstick's runs and the cache-hit part (the uncached part is in uncachedRuns).
  const cacheHits = results;
  let compared = [];
  if (baseline !== null) {
    printTable(cacheHits, baseline);
    compared = printComparisons(cacheHits);
  }
  if (uncachedRuns.length > 0) printUncachedComparison(uncachedRuns);
  for (const staffRun of staffRuns) printStaffTable(staffRun, baseline);
  if (weights.length > 0) printWeights(weights);
  if (memory) printMemory(memory);
  const newsletterFailed = newsletter ? printNewsletter(newsletter) : false;
  if (yardsticks.length === 2) {
    const [first, last] = yardsticks.map((r) => r.measured.requests.average);
    const drift = Math.abs(first - last) / Math.max(first, last);
    console.log(
      `\nRatios are to the mean of both yardstick runs (${Math.round(baseline)} req/s); ` +
        `they differ by ${(drift * 100).toFixed(0)}%${drift > 0.15 ? ": the machine was not steady (other load?), compare with care" : ""}.`,
    );
  }
  console.log(`Load average (1 min) at the end: ${os.loadavg()[0].toFixed(2)}`);

  const allResults = [
    ...results,
    ...uncachedRuns.flatMap((r) => r.results),
    ...staffRuns.flatMap((r) => r.results),
  ];
  printWhatRan({ allResults, memory, twoProcesses, newsletter, isSelected, staffSelected });
  const failed = printFailures({ allResults, staffRuns, memory, twoProcesses, newsletterFailed });

  console.log("\nVerdicts (reported, not errors):");
  if (baseline !== null) printCacheHitVerdicts(cacheHits, baseline);
  if (compared.length > 0) printSaveVerdicts(compared);
  if (uncachedRuns.length > 0) printUncachedVerdicts(uncachedRuns);
  if (weights.length > 0) printWeightVerdict(weights);
  if (memory) printMemoryVerdicts(memory);
  if (twoProcesses) printTwoProcessVerdicts(twoProcesses);
  printNewsletterVerdicts(newsletter);

  if (CPU_PROF_DIR) {
    console.log(`\nCPU profiles of the site servers written to ${CPU_PROF_DIR}, by PID:`);
    for (const line of profiledServers) console.log(`  ${line}`);
  }
  console.log(`\nDone in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
  return failed;
}

/** Which targets ran, which parts could not, and which BENCH_ONLY left out. */
function printWhatRan({ allResults, memory, twoProcesses, newsletter, isSelected, staffSelected }) {
  console.log(
    `Targets run: ${[...new Set(allResults.filter((r) => r.measured).map((r) => r.target.name))]
      .concat(
        memory ? [MEMORY] : [],
        twoProcesses ? [TWO_PROCESSES] : [],
        newsletter ? [NEWSLETTER] : [],
      )
      .join(", ")}`,
  );
  if (!DATABASE_URL && isSelected(TWO_PROCESSES)) {
    console.log("Not run: two-processes (it runs on PostgreSQL: set DATABASE_URL)");
  }
  if (staffSelected.length > 0 && !STAFF_POSTGRES_URL) {
    console.log("Not run: the staff part on PostgreSQL (set BENCH_DATABASE_URL or DATABASE_URL)");
  }
  const notSelected = [
    ...TARGETS,
    ...UNCACHED_TARGETS,
    ...STAFF_TARGETS,
    { name: MEMORY },
    { name: TWO_PROCESSES },
    { name: NEWSLETTER },
  ]
    .filter((t) => !isSelected(t.name))
    .map((t) => t.name);
  if (notSelected.length > 0) console.log(`Not selected (BENCH_ONLY): ${notSelected.join(", ")}`);
}

/**
 * Prints a FAILED line for every answer that was not 2xx, every request that failed or timed
 * out, every target that did not answer 200 or got no response, every broken staff budget and a
 * newsletter part that went wrong; answers whether there was any.
 */
function printFailures({ allResults, staffRuns, memory, twoProcesses, newsletterFailed }) {
  let failed = newsletterFailed;
  if (newsletterFailed) console.error("FAILED: the newsletter part (see its PROBLEMS above).");
  for (const r of allResults) {
    const where = r.posts ? ` at ${r.posts} posts` : "";
    if (r.error) {
      failed = true;
      console.error(`FAILED: ${r.target.name}${where} (${r.request}) ${r.error}.`);
    }
    for (const [phase, result] of [
      ["warm-up", r.warmup],
      ["measurement", r.measured],
    ]) {
      if (result && failures(result) > 0) {
        failed = true;
        console.error(
          `FAILED: ${r.target.name}${where} had ${describeFailures(result)} during the ${phase}.`,
        );
      }
    }
    if (r.measured && r.measured.requests.total === 0) {
      failed = true;
      console.error(
        `FAILED: ${r.target.name}${where}: no response at all arrived during the measurement.`,
      );
    }
  }
  for (const run of staffRuns) {
    for (const r of run.results) {
      for (const broken of staffBudgetBreaches(r)) {
        failed = true;
        console.error(`FAILED: ${r.target.name} on ${run.label}: ${broken}.`);
      }
    }
  }
  if (memory && failures(memory.load) > 0) {
    failed = true;
    console.error(`FAILED: the memory part's load had ${describeFailures(memory.load)}.`);
  }
  if (memory && memory.load.requests.total === 0) {
    failed = true;
    console.error("FAILED: the memory part's load got no response at all.");
  }
  for (const run of twoProcesses ? [twoProcesses.one, ...twoProcesses.two] : []) {
    if (failures(run.measured) > 0 || failures(run.warmup) > 0) {
      failed = true;
      console.error(
        `FAILED: the two-process part (${run.label}) had ${describeFailures(run.measured)} ` +
          `measured, ${describeFailures(run.warmup)} in the warm-up.`,
      );
    }
    if (run.measured.requests.total === 0) {
      failed = true;
      console.error(`FAILED: the two-process part (${run.label}) got no response at all.`);
    }
  }
  return failed;
}
