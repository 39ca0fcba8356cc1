import { describe, expect, it } from "vitest";
import { IMPORT_MESSAGES, MAX_IMPORT_ROWS } from "#common/subscriber-import.ts";
import { readCsv } from "./csv-read.server.ts";
import { readImportFile as readImportBytes } from "./subscriber-import.server.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
const records = async (text: string) => (await readCsv(utf8(text))).records;
const readImportFile = (text: string, now: Date) => readImportBytes(utf8(text), now);

const NOW = new Date("2026-06-01T12:00:00.000Z");

describe("readCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, and CRLF or LF", async () => {
    const text = '\uFEFFa,"b, c","say ""hi"""\r\n"two\nlines",x,\n\nlast';
    expect(await records(text)).toEqual([
      { line: 1, fields: ["a", "b, c", 'say "hi"'] },
      { line: 2, fields: ["two\nlines", "x", ""] },
      { line: 5, fields: ["last"] },
    ]);
  });

  it("takes semicolons or tabs when the first line is separated by them", async () => {
    expect((await records("Email;Name\r\na@b.co;Ann")).map((r) => r.fields)).toEqual([
      ["Email", "Name"],
      ["a@b.co", "Ann"],
    ]);
    expect((await records("Email\tName\na@b.co\tAnn"))[1]?.fields).toEqual(["a@b.co", "Ann"]);
  });

  it("keeps a comma inside a semicolon-separated field, and reads a stray quote as text", async () => {
    expect(
      (await records('Email;Name\na@b.co;Lee, Ann\nc@d.co;say "hi"')).map((r) => r.fields),
    ).toEqual([
      ["Email", "Name"],
      ["a@b.co", "Lee, Ann"],
      ["c@d.co", 'say "hi"'],
    ]);
  });
});

describe("a file that is not CSV", () => {
  it("is refused whole, saying why", async () => {
    const read = await readImportFile('Email\n"a@b.co\nc@d.co', NOW);
    expect(read).toMatchObject({ ok: false });
    expect(read.ok ? "" : read.message).toMatch(/^The file could not be read as CSV: .*quote/i);
  });
});

describe("readImportFile", () => {
  it("finds the e-mail and date columns of other tools' exports", async () => {
    for (const header of [
      "Email",
      "E-mail",
      "Email Address",
      "email_address",
      "Subscriber Email",
    ]) {
      const read = await readImportFile(
        `Name,${header},Created At\r\nAnn,A@B.co,2025-01-02\r\n`,
        NOW,
      );
      expect(read, header).toEqual({
        ok: true,
        candidates: [{ row: 2, email: "a@b.co", subscribedAt: "2025-01-02T00:00:00.000Z" }],
        refused: [],
      });
    }
  });

  it("prefers an exact e-mail column to one that only mentions e-mail", async () => {
    const read = await readImportFile("subscribed_to_emails,email\r\ntrue,x@y.co\r\n", NOW);
    expect(read.ok && read.candidates.map((c) => c.email)).toEqual(["x@y.co"]);
  });

  it("leaves out a date it cannot read or that lies in the future", async () => {
    const read = await readImportFile("Email,Date\r\na@b.co,someday\r\nc@d.co,2030-01-01\r\n", NOW);
    expect(read.ok && read.candidates.map((c) => c.subscribedAt)).toEqual([null, null]);
  });

  it("refuses a file with no e-mail column", async () => {
    expect(await readImportFile("Name\r\nAnn\r\n", NOW)).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.noEmailColumn,
    });
    expect(await readImportFile("", NOW)).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.noEmailColumn,
    });
  });
});

describe("a file's size in rows", () => {
  it(`takes ${MAX_IMPORT_ROWS} rows and refuses one more`, async () => {
    const full = await readImportFile(`Email\n${"a\n".repeat(MAX_IMPORT_ROWS)}`, NOW);
    expect(full.ok && full.refused.length).toBe(MAX_IMPORT_ROWS);
    expect(await readImportFile(`Email\n${"a\n".repeat(MAX_IMPORT_ROWS + 1)}`, NOW)).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.tooManyRows,
    });
  });

  it("stops reading once it has more records than it takes", async () => {
    // An unclosed quote after the limit is never reached.
    const read = await readCsv(utf8(`Email\n${"a\n".repeat(100)}"never closed\n`), {
      maxRecords: 10,
    });
    expect(read.records).toHaveLength(10);
    expect(read.more).toBe(true);
  });
});
