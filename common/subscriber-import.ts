import { CsvReadError, type CsvRecord, readCsv } from "./csv-read.ts";
import { NewsletterInputSchema } from "./schemas/subscriber.ts";
import type { ImportRefusal } from "./types/subscriber.ts";

/**
 * Reading a mailing list to import (docs/product/mail.md#importing-subscribers): the export's own
 * file ("Email,Subscribed Date") and the exports of other newsletter tools, which all have a
 * header line naming an e-mail column and often a date column.
 */

/** The largest file the import reads. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** The most addresses one import takes. */
export const MAX_IMPORT_ROWS = 20_000;

/** Header names (lower-cased, letters and digits only) that name the e-mail column. */
const EMAIL_HEADERS = ["email", "emailaddress", "mail", "subscriberemail", "useremail"];
/** Header names that name the date the address subscribed. */
const DATE_HEADERS = [
  "subscribeddate",
  "subscribedat",
  "subscribed",
  "subscriptiondate",
  "createdat",
  "created",
  "date",
  "dateadded",
  "signupdate",
  "joined",
  "joinedat",
  "optintime",
  "confirmtime",
  "timestamp",
];

function headerKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** One address of the file, ready to store: the line it came from and the date it gives. */
export type ImportCandidate = { row: number; email: string; subscribedAt: string | null };

export type ReadImport =
  | { ok: true; candidates: ImportCandidate[]; refused: ImportRefusal[] }
  | { ok: false; message: string };

export const IMPORT_MESSAGES = {
  noEmailColumn:
    "The file has no e-mail column. Its first line must name the columns, one of them the address (for example Email or Email Address).",
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} addresses. Please split it into smaller files.`,
  unreadable: (reason: string) => `The file could not be read as CSV: ${reason}.`,
  invalid: "not a valid e-mail address",
  empty: "no address in this row",
  repeated: (row: number) => `the same address is on row ${row}`,
} as const;

/**
 * The addresses of a CSV file, trimmed and lower-cased and checked like the newsletter form,
 * each with its line number (the header is line 1, as a spreadsheet numbers rows), and the rows
 * refused with the reason. A date that cannot be read, or lies before 1900 or in the future, is
 * left out.
 */
export function readImportFile(text: string, now: Date): ReadImport {
  let records: CsvRecord[];
  try {
    records = readCsv(text);
  } catch (error) {
    if (error instanceof CsvReadError) {
      return { ok: false, message: IMPORT_MESSAGES.unreadable(error.message) };
    }
    throw error;
  }
  const header = records[0]?.fields.map(headerKey) ?? [];
  const emailColumn =
    header.findIndex((name) => EMAIL_HEADERS.includes(name)) >= 0
      ? header.findIndex((name) => EMAIL_HEADERS.includes(name))
      : header.findIndex((name) => name.includes("email"));
  if (emailColumn < 0) return { ok: false, message: IMPORT_MESSAGES.noEmailColumn };
  if (records.length - 1 > MAX_IMPORT_ROWS) {
    return { ok: false, message: IMPORT_MESSAGES.tooManyRows };
  }
  const dateColumn = DATE_HEADERS.map((name) => header.indexOf(name)).find((i) => i >= 0) ?? -1;
  const candidates: ImportCandidate[] = [];
  const refused: ImportRefusal[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of records.slice(1)) {
    const value = fields[emailColumn] ?? "";
    if (value.trim() === "") {
      refused.push({ row: line, value: "", reason: IMPORT_MESSAGES.empty });
      continue;
    }
    const parsed = NewsletterInputSchema.safeParse({ email: value });
    if (!parsed.success) {
      refused.push({ row: line, value: value.slice(0, 320), reason: IMPORT_MESSAGES.invalid });
      continue;
    }
    const { email } = parsed.data;
    const earlier = seen.get(email);
    if (earlier !== undefined) {
      refused.push({ row: line, value: email, reason: IMPORT_MESSAGES.repeated(earlier) });
      continue;
    }
    seen.set(email, line);
    candidates.push({ row: line, email, subscribedAt: readDate(fields[dateColumn], now) });
  }
  return { ok: true, candidates, refused };
}

/**
 * The earliest subscription date an import keeps. Earlier ones are typing or export mistakes,
 * and the databases disagree about them: PostgreSQL has no year 0 and refuses it, and reads
 * back year 1 differently from SQLite.
 */
const EARLIEST_DATE = Date.UTC(1900, 0, 1);

/**
 * An instant from a date column ("2025-03-05", ISO date-times, "2025-03-05 14:02:11"), or null
 * when it cannot be read or lies outside 1900-01-01 .. now.
 */
function readDate(value: string | undefined, now: Date): string | null {
  const text = value?.trim() ?? "";
  if (text === "") return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text) ? `${text.replace(" ", "T")}Z` : text;
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(iso) ? `${iso}Z` : iso);
  if (Number.isNaN(time) || time < EARLIEST_DATE || time > now.getTime()) return null;
  return new Date(time).toISOString();
}
