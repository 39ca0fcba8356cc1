import { Card } from "#app/components/ui/card.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useOutboxMessage } from "#app/features/outbox/api/get-outbox.ts";
import { HIDDEN_CREDENTIAL } from "#common/paths.ts";
import { whenWritten } from "./when-written.ts";

/** What the Outbox says about the links it hides (the server hides them before it answers). */
const HIDDEN_LINKS_NOTE = `Password reset, invitation, confirmation and unsubscribe links are shown as ${HIDDEN_CREDENTIAL}: they reach only their recipient.`;

/**
 * One outbox message: its headers, its text part, and its HTML part in a frame that is
 * sandboxed with no permissions at all (no scripts, no forms, no navigation of the page, an
 * origin of its own), because a message's content is not to be trusted.
 */
export function OutboxMessageView({ file }: { file: string }) {
  const message = useOutboxMessage(file);
  if (message.isError) {
    return (
      <Card role="alert" className="p-6">
        <p className="font-semibold text-white">This message could not be opened.</p>
        <p className="mt-1 text-zinc-400">It may have been removed from the outbox.</p>
      </Card>
    );
  }
  if (!message.data) {
    return (
      <div role="status">
        <span className="sr-only">Opening the message...</span>
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const { subject, to, from, date, headers, text, html } = message.data;
  return (
    <article aria-labelledby="outbox-message-subject" className="space-y-6">
      <header>
        <h2 id="outbox-message-subject" className="text-xl font-semibold break-words text-white">
          {subject || "(no subject)"}
        </h2>
        <p className="mt-1 text-sm text-zinc-400">
          {`To ${to || "(nobody)"}, from ${from || "(nobody)"}, written ${whenWritten(date)}`}
        </p>
        <p className="mt-2 text-sm text-zinc-400">{HIDDEN_LINKS_NOTE}</p>
      </header>
      <Card as="section" layout="plain" className="p-4" aria-labelledby="outbox-html">
        <h3 id="outbox-html" className="mb-3 font-semibold text-white">
          HTML part
        </h3>
        {html ? (
          <iframe
            title={`HTML part of ${subject || "the message"}`}
            sandbox=""
            srcDoc={html}
            referrerPolicy="no-referrer"
            className="h-[32rem] w-full rounded-md bg-white"
          />
        ) : (
          <p className="text-sm text-zinc-400">This message has no HTML part.</p>
        )}
      </Card>
      <Card as="section" layout="plain" className="p-4" aria-labelledby="outbox-text">
        <h3 id="outbox-text" className="mb-3 font-semibold text-white">
          Text part
        </h3>
        {text ? (
          <pre className="max-h-96 overflow-auto text-sm break-words whitespace-pre-wrap text-zinc-200">
            {text}
          </pre>
        ) : (
          <p className="text-sm text-zinc-400">This message has no text part.</p>
        )}
      </Card>
      <Card as="section" layout="plain" className="p-4" aria-labelledby="outbox-headers">
        <h3 id="outbox-headers" className="mb-3 font-semibold text-white">
          Headers
        </h3>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {headers.map((header, index) => (
            // Headers repeat (Received, …) and keep their order: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <div key={index} className="contents">
              <dt className="font-mono text-zinc-400">{header.name}</dt>
              <dd className="font-mono break-all text-zinc-200">{header.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </article>
  );
}
