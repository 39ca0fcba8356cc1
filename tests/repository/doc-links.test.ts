import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The documents must answer questions: every relative link leads somewhere real, the benchmarks
// page stays a page of current figures (its history is in git), and every decision record says
// when it was made and whether it stands.

const root = fileURLToPath(new URL("../..", import.meta.url));
const MAX_BENCHMARK_LINES = 300;
const MAX_DECISION_LINES = 79;
const STATUS_LINE =
  /^Date: (\d{4}-\d{2}-\d{2}) · Status: (accepted|superseded (?:in part )?by (\d{3}))$/;

/** Every Markdown file git tracks or would track (new files included), relative to the root. */
function markdownFiles(): string[] {
  const out = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "--", "*.md"],
    { cwd: root, encoding: "utf8" },
  );
  return out
    .split("\n")
    .filter(
      (file) => file && !file.startsWith("node_modules/") && existsSync(path.join(root, file)),
    )
    .sort();
}

function read(file: string): string {
  return readFileSync(path.join(root, file), "utf8");
}

/** The lines of a file, without the empty string a final newline leaves. */
function linesOf(text: string): string[] {
  const lines = text.split("\n");
  return lines.at(-1) === "" ? lines.slice(0, -1) : lines;
}

/** A real day written YYYY-MM-DD (Date.parse takes 2024-02-31 too). */
function isCalendarDate(date: string): boolean {
  const time = Date.parse(date);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
}

/** The text without fenced code blocks: neither their links nor their "headings" count. */
function withoutFences(text: string): string {
  // The indent is spaces and tabs only: \s would take blank lines before a fence into it.
  return text.replace(/^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, "");
}

/**
 * The anchor GitHub gives a heading: its text as rendered (links, code marks, emphasis and tags
 * dropped), lower-cased, every character but letters, digits, `_`, `-` and spaces removed,
 * spaces made hyphens.
 */
function headingAnchor(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "");
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a Markdown file offers: its headings (duplicates numbered -1, -2, …) and ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const add = (heading: string) => {
    const base = headingAnchor(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  };
  const lines = withoutFences(text).split("\n");
  lines.forEach((line, i) => {
    const atx = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (atx) add(atx[1] as string);
    else if (/^ {0,3}(=+|-+)\s*$/.test(lines[i + 1] ?? "") && /^ {0,3}\S/.test(line)) {
      // A setext heading: a line of text underlined with = or -, not a list item or a table.
      if (!/^\s*([-*+]|\d+\.)\s|^\s*\|/.test(line)) add(line);
    }
  });
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id as string);
  return anchors;
}

/** The link targets of a Markdown file: inline links and images, and reference definitions. */
function targetsOf(text: string): string[] {
  const prose = withoutFences(text).replace(/`[^`\n]*(?:\n[^`\n]*)?`/g, "");
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const references = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)];
  return [...inline, ...references].map((match) => match[1] as string);
}

const files = markdownFiles();
const anchorCache = new Map<string, Set<string>>();
function anchorsOfFile(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    anchors = anchorsOf(read(file));
    anchorCache.set(file, anchors);
  }
  return anchors;
}

/** What is wrong with one relative link of `file`, or null. */
function brokenLink(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return null;
  const hash = target.indexOf("#");
  const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  const resolved = pathPart
    ? path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart))
    : file;
  if (resolved.startsWith("../")) return `${target} leaves the repository`;
  const absolute = path.join(root, resolved);
  if (!existsSync(absolute)) return `${target}: there is no ${resolved}`;
  if (anchor === null || !resolved.endsWith(".md") || statSync(absolute).isDirectory()) {
    return null;
  }
  return anchorsOfFile(resolved).has(anchor)
    ? null
    : `${target}: ${resolved} has no heading with the anchor #${anchor}`;
}

describe("links between the documents", () => {
  it("finds the Markdown files and their links", () => {
    expect(files).toContain("README.md");
    expect(files).toContain("docs/product.md");
    expect(files.flatMap((file) => targetsOf(read(file))).length).toBeGreaterThan(100);
  });

  it("makes anchors the way GitHub does", () => {
    expect(headingAnchor("Saving, versions and history")).toBe("saving-versions-and-history");
    expect(headingAnchor("Lighthouse: `npm run bench:lighthouse`")).toBe(
      "lighthouse-npm-run-benchlighthouse",
    );
    expect(headingAnchor("What a [link](x.md) does_not **hide**")).toBe(
      "what-a-link-does_not-hide",
    );
    expect([...anchorsOf("# Notes\n\n## Notes\n\n```\n# not a heading\n```\n## Notes\n")]).toEqual([
      "notes",
      "notes-1",
      "notes-2",
    ]);
    // Prose between two code blocks, each with blank lines around it, stays prose.
    expect([...anchorsOf("Intro\n\n```\n# a\n```\n\n## Between\n\n```\n# b\n```\n")]).toEqual([
      "between",
    ]);
  });

  it("leads every relative link to a file that exists and a heading it has", () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const target of targetsOf(read(file))) {
        const problem = brokenLink(file, target);
        if (problem) broken.push(`${file}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("files the documents name", () => {
  // A path in the prose (`server/api/posts/posts.router.ts`) is a link too: a file that moved
  // must take its mentions along. Placeholders ({page}, *) name no one file.
  const NAMED_FILE =
    /(?<![\w./-])((?:app|common|server|tests|scripts|docs|deploy|public)\/[\w./+@-]+\.(?:tsx?|mjs|md|json|css|service))(?![\w/])/g;

  it("finds them", () => {
    expect(
      [..."see `server/main.ts`, app/root.tsx.".matchAll(NAMED_FILE)].map((m) => m[1]),
    ).toEqual(["server/main.ts", "app/root.tsx"]);
  });

  it("names only files that exist", () => {
    const missing: string[] = [];
    for (const file of files) {
      for (const [, named] of read(file).matchAll(NAMED_FILE)) {
        if (!existsSync(path.join(root, named as string))) missing.push(`${file}: ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("benchmarks and decision records", () => {
  it("keeps docs/benchmarks.md to the current figures", () => {
    const lines = linesOf(read("docs/benchmarks.md")).length;
    expect(lines).toBeLessThanOrEqual(MAX_BENCHMARK_LINES);
  });

  it("starts every decision record with its date and status, and keeps it under 80 lines", () => {
    const records = files.filter((file) => /^docs\/decisions\/\d{3}-[^/]+\.md$/.test(file));
    expect(records.length).toBeGreaterThan(20);
    const numbers = new Set(records.map((file) => path.basename(file).slice(0, 3)));
    const wrong: string[] = [];
    for (const file of records) {
      const lines = linesOf(read(file));
      if (lines.length > MAX_DECISION_LINES) wrong.push(`${file}: ${lines.length} lines`);
      if (!lines[0]?.startsWith("# ")) wrong.push(`${file}: no title on its first line`);
      const statusLine = lines.slice(1).find((line) => line.trim() !== "") ?? "";
      const status = STATUS_LINE.exec(statusLine);
      if (!status) {
        wrong.push(`${file}: "${statusLine}" is not "Date: YYYY-MM-DD · Status: accepted"`);
        continue;
      }
      const [, date, , by] = status;
      if (!isCalendarDate(date as string)) wrong.push(`${file}: no such date ${date}`);
      if (by && !numbers.has(by)) wrong.push(`${file}: superseded by ${by}, which does not exist`);
      if (by && by <= path.basename(file).slice(0, 3)) {
        wrong.push(`${file}: superseded by ${by}, which is not a later record`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
