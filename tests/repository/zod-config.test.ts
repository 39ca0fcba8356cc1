import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "#common/zod.ts";

// zod runs in the browser under the site's Content-Security-Policy, which allows no eval. Set
// up without `jitless`, it probes `new Function` when the first object schema is built, and the
// browser reports that as a CSP violation. common/zod.ts sets it up; code that runs in the
// browser (app/, common/) takes `z` from there, so the setting comes before any schema.

const root = fileURLToPath(new URL("../..", import.meta.url));

function browserSourceFiles(): string[] {
  const out = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "app", "common"],
    { cwd: root, encoding: "utf8" },
  );
  return out.split("\n").filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file));
}

describe("zod in the browser", () => {
  it("is set up without the eval probe", () => {
    expect(z.config().jitless).toBe(true);
  });

  it("reaches app/ and common/ only through common/zod.ts", () => {
    const direct = browserSourceFiles()
      .filter((file) => file !== "common/zod.ts")
      .filter((file) =>
        /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']zod(?:\/[^"']*)?["']/.test(
          readFileSync(path.join(root, file), "utf8"),
        ),
      );
    expect(direct).toEqual([]);
  });
});
