// The benchmark's settings, read from the environment once (docs/benchmarks.md, "Environment
// variables"). A number or post count that is not valid ends the run at once with exit code 2 and
// a line naming the variable; a BENCH_MEMORY_MIX entry without a weight ends it with an error.
import path from "node:path";

export const DURATION = positiveNumber("BENCH_DURATION", 10);
export const WARMUP = positiveNumber("BENCH_WARMUP", 3, { allowZero: true });
export const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 50);
export const ONLY = process.env.BENCH_ONLY?.split(",")
  .map((name) => name.trim())
  .filter(Boolean);
export const POST_COUNTS = postCounts("BENCH_POSTS", [100, 1000, 10000]);
export const [MEMORY_POSTS] = postCounts("BENCH_MEMORY_POSTS", [1000], { single: true });
export const MEMORY_SECONDS = positiveNumber("BENCH_MEMORY_SECONDS", 60);
export const MEMORY_SETTLE_SECONDS = positiveNumber("BENCH_MEMORY_SETTLE_SECONDS", 60, {
  allowZero: true,
});
/** Requests a second of the memory part's load in all; 0: as many as its connections get answered. */
export const MEMORY_RATE = positiveNumber("BENCH_MEMORY_RATE", 0, { allowZero: true });
export const CPU_PROF_DIR = process.env.BENCH_CPU_PROF
  ? path.resolve(process.env.BENCH_CPU_PROF)
  : null;
export const DATABASE_URL = process.env.DATABASE_URL || undefined;
/**
 * What Chromium sends. Browsers always accept compressed answers, and the site's pages and API
 * are fetched by browsers, so the benchmark asks the way they do. The yardstick ignores it.
 */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
export const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING;
export const REQUEST_HEADERS = ACCEPT_ENCODING ? { "accept-encoding": ACCEPT_ENCODING } : {};
/** 1: let autocannon keep response bodies as strings, as it does by default (see cannon()). */
export const KEEP_BODIES = process.env.BENCH_KEEP_BODIES === "1";

/**
 * BENCH_MEMORY_MIX, the memory part's addresses when the mix is given (null: its own mix), read
 * after the numbers above: a wrong number is reported before a wrong mix.
 */
export const MEMORY_MIX_SETTING = process.env.BENCH_MEMORY_MIX
  ? parseMix(process.env.BENCH_MEMORY_MIX)
  : null;

/** Where the staff part runs on PostgreSQL, if anywhere. */
export const STAFF_POSTGRES_URL = DATABASE_URL ?? (process.env.BENCH_DATABASE_URL || undefined);

/** The owner's login the site server is started with when a write is measured. */
export const BENCH_OWNER = { email: "owner@bench.test", password: "bench-owner-password" };

/** BENCH_MEMORY_MIX: addresses separated by spaces, each with `@weight` or weighing 1. */
function parseMix(text) {
  return text
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const at = entry.lastIndexOf("@");
      const weight = at === -1 ? 1 : Number(entry.slice(at + 1));
      if (!(weight > 0)) throw new Error(`BENCH_MEMORY_MIX: no weight in "${entry}"`);
      return { weight, path: at === -1 ? entry : entry.slice(0, at) };
    });
}

function positiveNumber(name, fallback, { allowZero = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    console.error(`${name} must be a ${allowZero ? "non-negative" : "positive"} number.`);
    process.exit(2);
  }
  return value;
}

/** A comma-separated list of post counts (whole numbers from 10 to 100,000). */
function postCounts(name, fallback, { single = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const counts = raw.split(",").map((part) => Number(part.trim()));
  if (
    counts.some((n) => !Number.isInteger(n) || n < 10 || n > 100_000) ||
    (single && counts.length !== 1)
  ) {
    console.error(
      `${name} must be ${single ? "a whole number" : "comma-separated whole numbers"} from 10 to 100000.`,
    );
    process.exit(2);
  }
  return counts;
}
