import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/architecture.md's layer table says what each folder of server/ may import; biome.json's
// import zones (noRestrictedImports, run by `npm run lint`) are what enforces it. This keeps the
// two saying the same thing: a folder the table names has a zone and the other way round, and a
// zone lets through exactly what its row allows (import-zones.test.ts proves zones report).

const root = fileURLToPath(new URL("../..", import.meta.url));

/** What a folder may import from server/ besides itself and errors.ts, and whether Express. */
type Layer = { allowed: string[]; express: boolean };

/** A row's `services/`, `context.server.ts` or `db/db.server.ts` as a zone names it. */
function aliasOf(name: string): string {
  return name.endsWith("/") ? `#server/${name}**` : `#server/${name}`;
}

/** The layer table: each `server/{folder}` row, with the names its second column allows. */
function tableLayers(): Map<string, Layer> {
  const lines = readFileSync(path.join(root, "docs/architecture.md"), "utf8").split("\n");
  const header = lines.findIndex((line) => /^\| layer \| may import/.test(line));
  expect(header, "docs/architecture.md has the layer table").toBeGreaterThan(-1);
  const layers = new Map<string, Layer>();
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const [, layerCell = "", importsCell = ""] = line.split("|").map((cell) => cell.trim());
    const folder = /^`server\/([a-z-]+)`$/.exec(layerCell)?.[1];
    expect(folder, `a row names one server folder: ${line}`).toBeDefined();
    const names = [...importsCell.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
    layers.set(folder as string, {
      allowed: names.map(aliasOf).sort(),
      express: !/\bno Express\b/.test(importsCell),
    });
  }
  return layers;
}

type Pattern = { group: string[]; message: string };
type Override = {
  includes?: string[];
  linter?: {
    rules?: { style?: { noRestrictedImports?: { options?: { patterns?: Pattern[] } } } };
  };
};

/** biome.json's zones of server/{folder}/**: what each lets through of server/ and Express. */
function zoneLayers(): Map<string, Layer & { refusesApp: boolean }> {
  const biome = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8")) as {
    overrides: Override[];
  };
  const zones = new Map<string, Layer & { refusesApp: boolean }>();
  for (const override of biome.overrides) {
    const folder = /^server\/([a-z-]+)\/\*\*$/.exec(override.includes?.[0] ?? "")?.[1];
    if (!folder) continue;
    expect(zones.has(folder), `one zone for server/${folder}`).toBe(false);
    const patterns = override.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? [];
    const layer = patterns.find((pattern) => pattern.group[0] === "#server/**");
    expect(
      layer,
      `the zone of server/${folder} refuses #server/** but its exceptions`,
    ).toBeDefined();
    const own = [aliasOf(`${folder}/`), "#server/errors.ts"];
    zones.set(folder, {
      allowed: (layer?.group ?? [])
        .filter((entry) => entry.startsWith("!"))
        .map((entry) => entry.slice(1))
        .filter((entry) => !own.includes(entry))
        .sort(),
      express: !patterns.some((pattern) => pattern.group.includes("express")),
      refusesApp: patterns.some((pattern) => pattern.group.includes("#app/**")),
    });
  }
  return zones;
}

const folders = readdirSync(path.join(root, "server"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe("the layer table of docs/architecture.md and biome.json's zones", () => {
  const table = tableLayers();
  const zones = zoneLayers();

  it("name every folder of server/, and only those", () => {
    expect([...table.keys()].sort()).toEqual(folders);
    expect([...zones.keys()].sort()).toEqual(folders);
  });

  it("let each folder import the same parts of server/", () => {
    for (const folder of folders) {
      expect(zones.get(folder)?.allowed, `server/${folder}`).toEqual(table.get(folder)?.allowed);
    }
  });

  it("refuse Express where the table says so", () => {
    for (const folder of folders) {
      expect(zones.get(folder)?.express, `server/${folder}`).toBe(table.get(folder)?.express);
    }
  });

  it("keep every server folder out of app/", () => {
    for (const folder of folders) expect(zones.get(folder)?.refusesApp, folder).toBe(true);
  });
});
