// The editor's saves, measured in the cache-hit part (docs/benchmarks.md, "The parts"): the same
// save on a post without revisions and on one with 500, which must cost the same.
import { printRows, verdict } from "./format.mjs";

/** How far a compared target's figures may fall from its reference's. */
export const COMPARE_TOLERANCE = 0.1;

/**
 * Saving a post as the editor does (PUT, the whole form, no version), on a post without
 * revisions and on one with REVISIONS_STORED of them: the history must not slow a save down.
 * Every save adds a revision, so both posts gain one per request as they are measured. A write
 * (`method`, `body`: a key of the seeded bodies) is sent as the owner, signed in; one with
 * `compareTo` is reported beside that target and held to within COMPARE_TOLERANCE of it.
 */
export const SAVE_TARGETS = [
  { name: "post-save", kind: "write", method: "PUT", path: "/api/posts/{saveId}", body: "save" },
  {
    name: "post-save-500-revisions",
    kind: "write",
    method: "PUT",
    path: "/api/posts/{historyId}",
    body: "history",
    compareTo: "post-save",
  },
];

/**
 * Targets with `compareTo`, beside their reference: requests/s and server CPU per request, and
 * whether each is within COMPARE_TOLERANCE. CPU per request decides when it is known, since it
 * hardly moves with what else the machine does; requests/s otherwise.
 */
export function printComparisons(results) {
  const measured = new Map(results.filter((r) => r.measured).map((r) => [r.target.name, r]));
  const compared = [];
  for (const result of measured.values()) {
    const reference = measured.get(result.target.compareTo);
    if (!reference) continue;
    const rate = result.measured.requests.average / reference.measured.requests.average;
    const cpu =
      result.cpuMsPerRequest !== null && reference.cpuMsPerRequest !== null
        ? result.cpuMsPerRequest / reference.cpuMsPerRequest
        : null;
    const deciding = cpu === null ? 1 / rate : cpu;
    compared.push({ result, reference, rate, cpu, within: deciding <= 1 + COMPARE_TOLERANCE });
  }
  if (compared.length === 0) return compared;
  console.log(`\nSide by side (within ${COMPARE_TOLERANCE * 100}% of the reference):\n`);
  printRows(
    [
      "target",
      "reference",
      "req/s",
      "reference req/s",
      "rate",
      "CPU ms/req",
      "reference CPU",
      "CPU",
      "verdict",
    ],
    compared.map((c) => [
      c.result.target.name,
      c.reference.target.name,
      c.result.measured.requests.average.toFixed(0),
      c.reference.measured.requests.average.toFixed(0),
      `${(c.rate * 100).toFixed(0)}%`,
      c.result.cpuMsPerRequest?.toFixed(3) ?? "n/a",
      c.reference.cpuMsPerRequest?.toFixed(3) ?? "n/a",
      c.cpu === null ? "n/a" : `${(c.cpu * 100).toFixed(0)}%`,
      c.within ? "ok" : "APART",
    ]),
  );
  return compared;
}

/** The verdict on the compared targets (printComparisons' answer). */
export function printSaveVerdicts(compared) {
  const apart = compared.filter((c) => !c.within);
  verdict(
    apart.length === 0,
    `compared targets within ${COMPARE_TOLERANCE * 100}% of their reference`,
    apart.length > 0 ? `apart: ${apart.map((c) => c.result.target.name).join(", ")}` : "",
  );
}
