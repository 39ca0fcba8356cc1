/**
 * CSV text as RFC 4180 writes it, safe to open in a spreadsheet. Pure, so the server's export
 * and the browser can build the same file.
 */

/** Records end with CRLF (RFC 4180 section 2.1), the last one included. */
export const CSV_LINE_END = "\r\n";

// A spreadsheet treats a cell that starts with one of these as a formula, or drops the
// character and then does (tab, CR, NUL). An address like "=HYPERLINK(…)@example.com" would
// otherwise run when staff open the export (OWASP "CSV Injection").
const FORMULA_STARTS = new Set(["=", "+", "-", "@", "\t", "\r", "\0"]);

// A field holding one of these must be enclosed in double quotes (RFC 4180 section 2.6).
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field. A value that starts with = + - @, a tab, a carriage return or NUL gets a single
 * quote in front, so spreadsheets show it as text instead of evaluating it (the quote is part of
 * the value, and shows in the cell); this also applies to negative numbers, so pass numbers
 * that may be negative through another format. A value with a comma, a double quote, CR or LF
 * is then enclosed in double quotes, with its own double quotes doubled. Anything else,
 * non-ASCII text included, is kept as it is.
 */
export function csvField(value: string): string {
  const safe = FORMULA_STARTS.has(value.charAt(0)) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record: its fields, each made safe by csvField, separated by commas. */
export function csvRecord(fields: readonly string[]): string {
  return fields.map(csvField).join(",");
}

/** A whole file: a header record, then one record per row, each ending with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((fields) => csvRecord(fields) + CSV_LINE_END).join("");
}
