import { describe, expect, it } from "vitest";
import { CSV_LINE_END, csvField, csvRecord, toCsv } from "./csv.ts";

describe("csvField", () => {
  it.each([
    ["reader@example.com"],
    ["2025-03-05"],
    ["plain text with spaces"],
    [""],
    ["a'quote"],
    ["semi;colon"],
    ["ends with ="],
    ["ends with -"],
    [" =leading space is not a formula"],
  ])("keeps %j as it is", (value) => {
    expect(csvField(value)).toBe(value);
  });

  it.each([
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ["line\nbreak", '"line\nbreak"'],
    ["carriage\rreturn", '"carriage\rreturn"'],
    ["crlf\r\ninside", '"crlf\r\ninside"'],
  ])("quotes %j as RFC 4180 asks", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ["=1+1", "'=1+1"],
    ["+1 555 0100", "'+1 555 0100"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["\t=1", "'\t=1"],
    ["\0=1", "'\0=1"],
    ["+reader@example.com", "'+reader@example.com"],
    ["-", "'-"],
  ])("puts a single quote before a formula start in %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("neutralises first, then quotes, so the quote ends up inside the quoted field", () => {
    expect(csvField('=HYPERLINK("https://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""https://evil.example"",""Click"")"`,
    );
    expect(csvField("\r=1")).toBe(`"'\r=1"`);
    expect(csvField("=a,b")).toBe(`"'=a,b"`);
  });

  it("keeps non-ASCII text as it is", () => {
    for (const value of ["jürgen@münchen.example", "用户@例子.广告", "zoë😀@example.com"]) {
      expect(csvField(value)).toBe(value);
    }
  });
});

describe("csvRecord", () => {
  it("joins the fields with commas, each made safe", () => {
    expect(csvRecord(["a", "b,c", "=d"])).toBe(`a,"b,c",'=d`);
    expect(csvRecord([])).toBe("");
  });
});

describe("toCsv", () => {
  it("writes the header and every row, each ending with CRLF", () => {
    expect(CSV_LINE_END).toBe("\r\n");
    expect(
      toCsv(
        ["Name", "Note"],
        [
          ["x", "y"],
          ["multi\nline", 'q"q'],
        ],
      ),
    ).toBe(`Name,Note\r\nx,y\r\n"multi\nline","q""q"\r\n`);
  });

  it("writes only the header when there are no rows", () => {
    expect(toCsv(["Email", "Subscribed Date"], [])).toBe("Email,Subscribed Date\r\n");
  });
});
