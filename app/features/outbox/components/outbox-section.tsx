import { ArrowLeftIcon } from "lucide-react";
import { useSearchParams } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { OUTBOX_PAGE_SIZE, useOutboxPage } from "#app/features/outbox/api/get-outbox.ts";
import { OutboxMessageView } from "./outbox-message.tsx";
import { whenWritten } from "./when-written.ts";

/**
 * The outbox (docs/product.md#outbox), for admins when the site has no SMTP server: the
 * e-mails it would have sent, newest first, a page at a time; one opens in full. The page and
 * the open message are in the address (?page=, ?file=), so the back button works.
 */
export function OutboxSection() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const file = params.get("file");
  const go = (next: { page?: number; file?: string | null }) => {
    const search = new URLSearchParams();
    const nextPage = next.page ?? page;
    if (nextPage > 1) search.set("page", String(nextPage));
    const nextFile = next.file === undefined ? file : next.file;
    if (nextFile) search.set("file", nextFile);
    setParams(search);
  };
  return (
    <section aria-labelledby="outbox-title">
      <header className="mb-8">
        <h1 id="outbox-title" className="text-3xl font-bold text-white">
          Outbox
        </h1>
        <p className="mt-1 text-zinc-400">
          No SMTP server is set up, so e-mails are not sent: they are kept here instead.
        </p>
      </header>
      {file ? (
        <div className="space-y-4">
          <Button type="button" variant="outline" onClick={() => go({ file: null })}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to the outbox
          </Button>
          <OutboxMessageView file={file} />
        </div>
      ) : (
        <OutboxList
          page={page}
          onPage={(next) => go({ page: next })}
          onOpen={(f) => go({ file: f })}
        />
      )}
    </section>
  );
}

function OutboxList({
  page,
  onPage,
  onOpen,
}: {
  page: number;
  onPage: (page: number) => void;
  onOpen: (file: string) => void;
}) {
  const list = useOutboxPage(page);
  if (list.isError) {
    return (
      <Card role="alert" className="p-10 text-center">
        <p className="text-lg font-semibold text-white">Failed to load the outbox.</p>
        <p className="mt-2 text-zinc-400">Please reload the page or try again in a moment.</p>
      </Card>
    );
  }
  if (!list.data) {
    return (
      <div role="status">
        <span className="sr-only">Loading the outbox...</span>
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  const { items, total, totalPages } = list.data;
  if (total === 0) {
    return (
      <Card className="p-10 text-center">
        <p className="text-lg font-semibold text-white">The outbox is empty.</p>
        <p className="mt-2 text-zinc-400">E-mails the site writes appear here.</p>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-400">{`${total.toLocaleString("en-US")} ${total === 1 ? "message" : "messages"}, newest first.`}</p>
      <Card layout="plain" className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Messages in the outbox</caption>
          <thead className="text-zinc-400">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                To
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Subject
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.file} className="border-t border-night-700">
                <td className="px-4 py-3 whitespace-nowrap text-zinc-300">
                  {whenWritten(item.date)}
                </td>
                <td className="px-4 py-3 break-all text-zinc-300">{item.to}</td>
                <td className="px-4 py-3">
                  <button
                    type="button"
                    className="text-left font-medium text-white underline-offset-4 hover:underline focus-visible:underline"
                    onClick={() => onOpen(item.file)}
                  >
                    {item.subject || "(no subject)"}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      {totalPages > 1 ? (
        <nav aria-label="Outbox pages" className="flex items-center justify-between gap-4">
          <Button
            type="button"
            variant="outline"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Newer
          </Button>
          <span className="text-sm text-zinc-400">{`Page ${page} of ${totalPages} (${OUTBOX_PAGE_SIZE} a page)`}</span>
          <Button
            type="button"
            variant="outline"
            disabled={page >= totalPages}
            onClick={() => onPage(page + 1)}
          >
            Older
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
