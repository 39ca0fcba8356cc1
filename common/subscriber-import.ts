import type { ImportRefusal } from "./types/subscriber.ts";

/**
 * The import of a mailing list (docs/product/mail.md#importing-subscribers): its limits, its
 * answers and what a file reads into. The file itself is read on the server
 * (server/services/subscriber-import.server.ts).
 */

/** The largest file the import reads. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** The most addresses one import takes. */
export const MAX_IMPORT_ROWS = 20_000;

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
