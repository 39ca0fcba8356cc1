/** One message in the outbox list (`GET /api/outbox`): read from its headers only. */
export type OutboxEntry = {
  /** The file's name in the outbox folder; also the message's address in the API. */
  file: string;
  /** When it was written (ISO), from the file's name. */
  date: string;
  to: string;
  subject: string;
};

/** One message in full (`GET /api/outbox/{file}`). */
export type OutboxMessage = OutboxEntry & {
  from: string;
  /** Every header as written, in order. */
  headers: { name: string; value: string }[];
  text: string | null;
  /** The HTML part as written: hostile until shown in a sandboxed frame. */
  html: string | null;
};
