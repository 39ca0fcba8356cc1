import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/product.md lists the texts of the product's first specification, which are kept word for
// word. This keeps the list true: each one is still written, whole, somewhere in the code that
// shows it, so rewording one (or dropping it) fails here rather than in someone's acceptance run.

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The backquoted texts of docs/product.md's "The specification's texts" section. */
function specTexts(): string[] {
  const doc = readFileSync(path.join(root, "docs/product.md"), "utf8");
  const start = doc.indexOf("## The specification's texts");
  expect(start, "docs/product.md lists the specification's texts").toBeGreaterThan(-1);
  const section = doc.slice(start, doc.indexOf("\n## ", start + 1));
  const list = section.slice(section.indexOf("\n- "));
  return [...list.matchAll(/`([^`]+)`/g)].map((match) => (match[1] as string).replace(/\s+/g, " "));
}

/** Texts the code spells out in their plain forms: what it writes instead of each. */
const SHOWN_AS: Record<string, string[]> = {
  "{n} article(s) found": ["{n} article found", "{n} articles found"],
};

/** Every source file of the app, the server and the shared code, as one text, spaces collapsed. */
function sources(): string {
  const files = ["app", "server", "common"].flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(root, folder, file)),
  );
  return files
    .map((file) => readFileSync(file, "utf8"))
    .join("\n")
    .replace(/\s+/g, " ")
    .replaceAll("&amp;", "&");
}

describe("the specification's texts (docs/product.md)", () => {
  const code = sources();
  const texts = specTexts();

  it("lists them", () => {
    expect(texts.length).toBeGreaterThan(80);
  });

  it.each(texts)("%s is still written in the code", (text) => {
    // A placeholder is filled in where the text is shown: each part around it must be there.
    const shown = SHOWN_AS[text] ?? [text];
    const parts = shown.flatMap((form) => form.split(/\{[^}]*\}/)).map((part) => part.trim());
    for (const part of parts.filter((part) => part.length > 0)) {
      expect(code.includes(part), `"${part}" of "${text}"`).toBe(true);
    }
  });
});
