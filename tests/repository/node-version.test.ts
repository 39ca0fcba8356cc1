import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");

describe("the project's own Node.js", () => {
  const nvmrc = read(".nvmrc").trim();
  const manifest = JSON.parse(read("package.json"));
  const lock = JSON.parse(read("package-lock.json"));

  it("is a dev dependency of the major version .nvmrc names, locked and allowed to install", () => {
    expect(manifest.devDependencies.node).toMatch(new RegExp(`^\\^${nvmrc}\\.`));
    expect(lock.packages["node_modules/node"].version).toMatch(new RegExp(`^${nvmrc}\\.`));
    // npm skips the install scripts of packages not allowed here; the node package's fetches
    // the binary.
    expect(manifest.allowScripts).toMatchObject({ node: true });
  });

  it("is the one every npm script and test process runs", () => {
    expect(process.versions.node.split(".")[0]).toBe(nvmrc);
  });
});
