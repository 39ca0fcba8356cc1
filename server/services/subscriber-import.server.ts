import { setImmediate as nextTurn } from "node:timers/promises";
import { NewsletterInputSchema } from "#common/schemas/subscriber.ts";
import {
  IMPORT_MESSAGES,
  type ImportCandidate,
  MAX_IMPORT_ROWS,
  type ReadImport,
} from "#common/subscriber-import.ts";
import type { ImportRefusal } from "#common/types/subscriber.ts";
import { CsvReadError, type CsvRecord, readCsv } from "./csv-read.server.ts";

/**
 * Reading a mailing list to import (docs/product/mail.md#importing-subscribers): the export's own
 * file ("Email,Subscribed Date") and the exports of other newsletter tools, which all have a
 * header line naming an e-mail column and often a date column. Both the CSV and the addresses
 * are read a part per turn of the event loop, so a large file never holds up other requests.
 */

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

/** Rows checked per turn of the event loop (each address is checked like the form's). */
const ROWS_PER_TURN = 500;

/**
 * The addresses of a CSV file (UTF-8), trimmed and lower-cased and checked like the newsletter
 * form, each with its line number (the header is line 1, as a spreadsheet numbers rows), and the
 * rows refused with the reason. A date that cannot be read, or lies before 1900 or in the
 * future, is left out. A file of more than MAX_IMPORT_ROWS rows is refused once its next row is
 * read; the rest of it is not.
 */
export async function readImportFile(file: Uint8Array, now: Date): Promise<ReadImport> {
  let read: { records: CsvRecord[]; more: boolean };
  try {
    read = await readCsv(file, { maxRecords: 1 + MAX_IMPORT_ROWS });
  } catch (error) {
    if (error instanceof CsvReadError) {
      return { ok: false, message: IMPORT_MESSAGES.unreadable(error.message) };
    }
    throw error;
  }
  const header = read.records[0]?.fields.map(headerKey) ?? [];
  const exactEmail = header.findIndex((name) => EMAIL_HEADERS.includes(name));
  const emailColumn =
    exactEmail >= 0 ? exactEmail : header.findIndex((name) => name.includes("email"));
  if (emailColumn < 0) return { ok: false, message: IMPORT_MESSAGES.noEmailColumn };
  if (read.more) return { ok: false, message: IMPORT_MESSAGES.tooManyRows };
  const dateColumn = DATE_HEADERS.map((name) => header.indexOf(name)).find((i) => i >= 0) ?? -1;
  const candidates: ImportCandidate[] = [];
  const refused: ImportRefusal[] = [];
  const seen = new Map<string, number>();
  for (const [i, { line, fields }] of read.records.slice(1).entries()) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    const checked = checkRow(fields[emailColumn] ?? "", line, seen);
    if ("reason" in checked) {
      refused.push(checked);
      continue;
    }
    seen.set(checked.email, line);
    candidates.push({
      row: line,
      email: checked.email,
      subscribedAt: readDate(fields[dateColumn], now),
    });
  }
  return { ok: true, candidates, refused };
}

/** A row's address as the form would store it, or why the row is refused. */
function checkRow(
  value: string,
  line: number,
  seen: ReadonlyMap<string, number>,
): { email: string } | ImportRefusal {
  if (value.trim() === "") return { row: line, value: "", reason: IMPORT_MESSAGES.empty };
  const parsed = NewsletterInputSchema.safeParse({ email: value });
  if (!parsed.success) {
    return { row: line, value: value.slice(0, 320), reason: IMPORT_MESSAGES.invalid };
  }
  const { email } = parsed.data;
  const earlier = seen.get(email);
  if (earlier !== undefined) {
    return { row: line, value: email, reason: IMPORT_MESSAGES.repeated(earlier) };
  }
  return { email };
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
