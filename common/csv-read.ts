import { CsvError, parse } from "csv-parse/sync";

/**
 * Reads CSV text as RFC 4180 writes it (and as spreadsheets and mailing-list tools export it),
 * with the csv-parse library: fields separated by commas (or by semicolons or tabs, when the first
 * line uses those instead), optionally enclosed in double quotes with doubled quotes inside,
 * records ending with CRLF, LF or CR, a UTF-8 byte-order mark ignored, rows of any length.
 */

/** One record and the line of the file it starts on (1 for the first line). */
export type CsvRecord = { line: number; fields: string[] };

/** Why a text could not be read as CSV (an unclosed quote, for one), in the library's words. */
export class CsvReadError extends Error {
  override name = "CsvReadError";
}

/** The separator a file uses, judged from its first line outside quotes. */
function separatorOf(text: string): string {
  const end = text.search(/\r?\n/);
  const first = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((sep) => [sep, first.split(sep).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ",";
}

/** Every record of the text, blank lines left out; throws CsvReadError for text that is not CSV. */
export function readCsv(text: string): CsvRecord[] {
  try {
    // With `info`, each row comes as its record and where it was read; the library's types
    // describe only the plain form.
    const rows = parse(text, {
      bom: true,
      delimiter: separatorOf(text.replace(/^\uFEFF/, "")),
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // The library counts the line a record ends on; one with line breaks inside quotes began
    // that many lines earlier.
    return rows.map(({ record, info }) => ({
      line: info.lines - record.reduce((sum, field) => sum + lineBreaks(field), 0),
      fields: record,
    }));
  } catch (error) {
    if (error instanceof CsvError) throw new CsvReadError(error.message);
    throw error;
  }
}

function lineBreaks(field: string): number {
  return field.match(/\r\n|\n|\r/g)?.length ?? 0;
}
