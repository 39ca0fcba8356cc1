import { open, readdir } from "node:fs/promises";
import path from "node:path";
import type { AddressObject, ParsedMail } from "mailparser";
import type { OutboxEntry, OutboxMessage } from "#common/types/outbox.ts";
import { outboxDir } from "#server/mail/mailer.server.ts";
import { hideCredentialLinks, readableHeaderValue } from "./outbox-credentials.server.ts";

// The outbox as the dashboard reads it (docs/decisions/030-account-mail.md): the folder the outbox
// mailer writes to when no SMTP_URL is set (DATA_DIR/outbox). It may hold
// thousands of messages, so a page is found from the file names alone (they start with the time
// they were written), and only that page's files are opened, for their headers. Nothing read
// here leaves without hideCredentialLinks: the links that grant access reach only their recipient.

/** The names the outbox mailer gives its files; nothing else in the folder is listed or read. */
const OUTBOX_FILE_NAME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-[0-9a-f]{8}\.eml$/;

/** The headers are in the first bytes of a message; a page reads no more of each file. */
const HEADER_BYTES = 64 * 1024;

/** A message larger than this is shown cut short (the outbox holds the app's own mails). */
const MESSAGE_BYTES = 5 * 1024 * 1024;

/**
 * Reads a message (or its headers) with mailparser, imported on first use: only an admin opening
 * the Outbox needs it, and a server holds it (about 8 MB of memory) from then on.
 */
async function parseMail(source: Buffer): Promise<ParsedMail> {
  const { simpleParser } = await import("mailparser");
  return simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
}

/** The outbox's files, newest first: names only. A missing folder is an empty outbox. */
async function outboxFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names.filter((name) => OUTBOX_FILE_NAME.test(name)).sort((a, b) => (a < b ? 1 : -1));
}

/** One page of the outbox of DATA_DIR `dataDir`, newest first, and how many messages it holds. */
export async function pageOutbox(
  dataDir: string,
  { page, limit }: { page: number; limit: number },
): Promise<{ items: OutboxEntry[]; total: number }> {
  const dir = outboxDir(dataDir);
  const files = await outboxFiles(dir);
  const pageFiles = files.slice((page - 1) * limit, page * limit);
  const items = await Promise.all(pageFiles.map((file) => readEntry(dir, file)));
  return { items: items.filter((item): item is OutboxEntry => item !== null), total: files.length };
}

/**
 * One message in full, or null when there is no such file (or the name is not an outbox name):
 * every part and header with its credential links hidden.
 */
export async function readOutboxMessage(
  dataDir: string,
  file: string,
): Promise<OutboxMessage | null> {
  if (!OUTBOX_FILE_NAME.test(file)) return null;
  const raw = await readStart(path.join(outboxDir(dataDir), file), MESSAGE_BYTES);
  if (raw === null) return null;
  const parsed = await parseMail(raw);
  return {
    file,
    date: dateOf(file),
    from: hideCredentialLinks(addressText(parsed.from)),
    to: hideCredentialLinks(addressText(parsed.to)),
    subject: hideCredentialLinks(parsed.subject ?? ""),
    headers: parsed.headerLines.map(({ line }) => {
      const colon = line.indexOf(":");
      return {
        name: hideCredentialLinks(readableHeaderValue(colon > 0 ? line.slice(0, colon) : line)),
        value: hideCredentialLinks(
          colon > 0 ? readableHeaderValue(line.slice(colon + 1)).trim() : "",
        ),
      };
    }),
    text: typeof parsed.text === "string" ? hideCredentialLinks(parsed.text) : null,
    html: typeof parsed.html === "string" ? hideCredentialLinks(parsed.html) : null,
  };
}

async function readEntry(dir: string, file: string): Promise<OutboxEntry | null> {
  const start = await readStart(path.join(dir, file), HEADER_BYTES);
  if (start === null) return null;
  const end = start.indexOf("\r\n\r\n");
  const head = end >= 0 ? start.subarray(0, end + 4) : start;
  const parsed = await parseMail(head);
  return {
    file,
    date: dateOf(file),
    to: hideCredentialLinks(addressText(parsed.to)),
    subject: hideCredentialLinks(parsed.subject ?? ""),
  };
}

/** The first `bytes` of a file, or null when it is gone (removed since the folder was read). */
async function readStart(file: string, bytes: number): Promise<Buffer | null> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(file, "r");
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  } finally {
    await handle?.close();
  }
}

function dateOf(file: string): string {
  const [, day, hours, minutes, seconds, millis] = OUTBOX_FILE_NAME.exec(file) ?? [];
  return `${day}T${hours}:${minutes}:${seconds}.${millis}Z`;
}

function addressText(address: AddressObject | AddressObject[] | undefined): string {
  if (!address) return "";
  return (Array.isArray(address) ? address : [address]).map((a) => a.text).join(", ");
}
