import { setImmediate as nextTurn } from "node:timers/promises";
import { CsvError, parse } from "csv-parse";

/**
 * Reads CSV as RFC 4180 writes it (and as spreadsheets and mailing-list tools export it), with
 * the csv-parse library: fields separated by commas (or by semicolons or tabs, when the first
 * line uses those instead), optionally enclosed in double quotes with doubled quotes inside,
 * records ending with CRLF, LF or CR, a UTF-8 byte-order mark ignored, rows of any length.
 *
 * The file is handed to the parser a slice at a time, one slice per turn of the event loop, so
 * a large file never holds up the server's other requests; and reading stops once it has more
 * records than the caller takes, so a file of a million tiny rows costs no more than one of
 * the caller's limit.
 */

/** One record and the line of the file it starts on (1 for the first line). */
export type CsvRecord = { line: number; fields: string[] };

/** Why a text could not be read as CSV (an unclosed quote, for one), in the library's words. */
export class CsvReadError extends Error {
  override name = "CsvReadError";
}

/** Bytes handed to the parser per turn of the event loop: a few milliseconds of parsing. */
const SLICE_BYTES = 4 * 1024;

/** What the parser pushes with `info`: the record and where it was read. */
type ParsedRow = { record: string[]; info: { lines: number } };

/** The separator a file uses, judged from its first line outside quotes. */
function separatorOf(file: Uint8Array): string {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const ends = [bytes.indexOf(10), bytes.indexOf(13)].filter((at) => at >= 0);
  const end = ends.length > 0 ? Math.min(...ends) : bytes.length;
  const first = bytes
    .subarray(0, end)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((sep) => [sep, first.split(sep).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ",";
}

/**
 * The records of a UTF-8 file, blank lines left out: at most `maxRecords` of them, and `more`
 * when the file has others after those (the rest is not read). Throws CsvReadError for a file
 * that is not CSV.
 */
export async function readCsv(
  file: Uint8Array,
  { maxRecords = Number.POSITIVE_INFINITY }: { maxRecords?: number } = {},
): Promise<{ records: CsvRecord[]; more: boolean }> {
  const parser = parse({
    bom: true,
    delimiter: separatorOf(file),
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
  });
  const records: CsvRecord[] = [];
  const take = (row: ParsedRow) => {
    // The library counts the line a record ends on; one with line breaks inside quotes began
    // that many lines earlier.
    const { record, info } = row;
    const line = info.lines - record.reduce((sum, field) => sum + lineBreaks(field), 0);
    records.push({ line, fields: record });
  };
  let failure: unknown;
  parser.on("error", (error: unknown) => {
    failure ??= error;
  });
  // Paused: each slice is parsed as it is written, and its records taken at once, so no slice
  // waits in the stream's buffer to be parsed later together with others.
  for (let at = 0; at < file.byteLength; at += SLICE_BYTES) {
    parser.write(file.subarray(at, at + SLICE_BYTES));
    for (let row = parser.read(); row !== null; row = parser.read()) take(row as ParsedRow);
    await nextTurn();
    if (failure !== undefined || records.length > maxRecords) break;
  }
  if (failure === undefined && records.length <= maxRecords) {
    parser.end();
    try {
      for await (const row of parser) take(row as ParsedRow);
    } catch (error) {
      failure ??= error;
    }
  } else {
    parser.destroy();
  }
  if (failure instanceof CsvError) throw new CsvReadError(failure.message);
  if (failure !== undefined) throw failure;
  return { records: records.slice(0, maxRecords), more: records.length > maxRecords };
}

function lineBreaks(field: string): number {
  return field.match(/\r\n|\n|\r/g)?.length ?? 0;
}
