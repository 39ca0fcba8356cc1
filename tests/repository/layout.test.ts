import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The layout rules of docs/decisions/007-layers-and-aliases.md that Biome cannot state itself.

const root = fileURLToPath(new URL("../..", import.meta.url));
const ALIASES: Record<string, string> = {
  "#app/": "app/",
  "#common/": "common/",
  "#server/": "server/",
  "#tests/": "tests/",
};
const MAX_LINES = 400;

/** Every file git tracks or would track (new files included), relative to the root. */
function repositoryFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter((file) => file && existsSync(path.join(root, file)))
    .sort();
}

const files = repositoryFiles();
const sourceFiles = files.filter(
  (file) =>
    /^(app|server|common|tests|scripts)\//.test(file) &&
    /\.(ts|tsx|mjs)$/.test(file) &&
    // The import-zone test writes wrong-way imports into fixtures on purpose.
    !file.startsWith("tests/repository/"),
);

/** The module specifiers a file imports, re-exports or loads with import(). */
function specifiersOf(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
  return [...source.matchAll(pattern)].map((match) => match[1] as string);
}

describe("repository layout", () => {
  it("keeps every file under app/, server/ and common/ at or under 400 lines", () => {
    const long = files
      .filter((file) => /^(app|server|common)\//.test(file))
      .map((file) => ({
        file,
        lines: readFileSync(path.join(root, file), "utf8").split("\n").length,
      }))
      .filter(({ lines }) => lines > MAX_LINES + 1)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it("imports other folders through an alias, never ../, and names every local file with its extension", () => {
    const wrong: string[] = [];
    for (const file of sourceFiles) {
      const source = readFileSync(path.join(root, file), "utf8");
      for (const specifier of specifiersOf(source)) {
        const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
        if (specifier.startsWith("../")) {
          wrong.push(`${file}: ${specifier} (use an alias)`);
          continue;
        }
        if (!alias && !specifier.startsWith("./")) continue; // a package
        if (specifier.includes("?")) continue; // an asset with a Vite query (?url)
        const target = alias
          ? path.join(root, ALIASES[alias] as string, specifier.slice(alias.length))
          : path.join(root, path.dirname(file), specifier);
        const generated = specifier.includes("/+types/");
        if (!/\.(ts|tsx|mjs|css|json)$/.test(specifier)) {
          wrong.push(`${file}: ${specifier} (name the file with its extension)`);
        } else if (!generated && !existsSync(target)) {
          wrong.push(`${file}: ${specifier} (no such file)`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("points no comment or document at a file outside the repository", () => {
    // The product's rules live in docs/product/ and docs/decisions/; the briefs the team
    // started from are not part of the repository, so nothing may send a reader to them, and
    // nothing (CI included: the project installs its own Node.js) reads a folder beside it.
    const outside = new RegExp(
      `\\b(?:${["SPEC", "DECISIONS", "STYLE"].join("|")})\\.md\\b|\\.\\./shared/`,
    );
    const offenders = files
      .filter(
        (file) =>
          !file.endsWith("package-lock.json") && !/\.(png|jpe?g|webp|woff2?|ico)$/.test(file),
      )
      .filter((file) => outside.test(readFileSync(path.join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
