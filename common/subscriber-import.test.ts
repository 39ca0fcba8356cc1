import { describe, expect, it } from "vitest";
import { readCsv } from "./csv-read.ts";
import { IMPORT_MESSAGES, readImportFile } from "./subscriber-import.ts";

const NOW = new Date("2026-06-01T12:00:00.000Z");

describe("readCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, and CRLF or LF", () => {
    const text = '\uFEFFa,"b, c","say ""hi"""\r\n"two\nlines",x,\n\nlast';
    expect(readCsv(text)).toEqual([
      { line: 1, fields: ["a", "b, c", 'say "hi"'] },
      { line: 2, fields: ["two\nlines", "x", ""] },
      { line: 5, fields: ["last"] },
    ]);
  });

  it("takes semicolons or tabs when the first line is separated by them", () => {
    expect(readCsv("Email;Name\r\na@b.co;Ann").map((r) => r.fields)).toEqual([
      ["Email", "Name"],
      ["a@b.co", "Ann"],
    ]);
    expect(readCsv("Email\tName\na@b.co\tAnn")[1]?.fields).toEqual(["a@b.co", "Ann"]);
  });

  it("keeps a comma inside a semicolon-separated field, and reads a stray quote as text", () => {
    expect(readCsv('Email;Name\na@b.co;Lee, Ann\nc@d.co;say "hi"').map((r) => r.fields)).toEqual([
      ["Email", "Name"],
      ["a@b.co", "Lee, Ann"],
      ["c@d.co", 'say "hi"'],
    ]);
  });
});

describe("a file that is not CSV", () => {
  it("is refused whole, saying why", () => {
    const read = readImportFile('Email\n"a@b.co\nc@d.co', NOW);
    expect(read).toMatchObject({ ok: false });
    expect(read.ok ? "" : read.message).toMatch(/^The file could not be read as CSV: .*quote/i);
  });
});

describe("readImportFile", () => {
  it("finds the e-mail and date columns of other tools' exports", () => {
    for (const header of [
      "Email",
      "E-mail",
      "Email Address",
      "email_address",
      "Subscriber Email",
    ]) {
      const read = readImportFile(`Name,${header},Created At\r\nAnn,A@B.co,2025-01-02\r\n`, NOW);
      expect(read, header).toEqual({
        ok: true,
        candidates: [{ row: 2, email: "a@b.co", subscribedAt: "2025-01-02T00:00:00.000Z" }],
        refused: [],
      });
    }
  });

  it("prefers an exact e-mail column to one that only mentions e-mail", () => {
    const read = readImportFile("subscribed_to_emails,email\r\ntrue,x@y.co\r\n", NOW);
    expect(read.ok && read.candidates.map((c) => c.email)).toEqual(["x@y.co"]);
  });

  it("leaves out a date it cannot read or that lies in the future", () => {
    const read = readImportFile("Email,Date\r\na@b.co,someday\r\nc@d.co,2030-01-01\r\n", NOW);
    expect(read.ok && read.candidates.map((c) => c.subscribedAt)).toEqual([null, null]);
  });

  it("refuses a file with no e-mail column", () => {
    expect(readImportFile("Name\r\nAnn\r\n", NOW)).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.noEmailColumn,
    });
    expect(readImportFile("", NOW)).toEqual({ ok: false, message: IMPORT_MESSAGES.noEmailColumn });
  });
});
