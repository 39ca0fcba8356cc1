import { ArrowLeftIcon } from "lucide-react";
import { useLocation, useSearchParams } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { ListSection } from "#app/components/dashboard/list-section.tsx";
import { PagedTable, type PagedTableColumn } from "#app/components/dashboard/paged-table.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { OUTBOX_PAGE_SIZE, useOutboxPage } from "#app/features/outbox/api/get-outbox.ts";
import { parsePageNumber } from "#common/paging.ts";
import type { OutboxEntry } from "#common/types/outbox.ts";
import { OutboxMessageView } from "./outbox-message.tsx";
import { whenWritten } from "./when-written.ts";

/**
 * The outbox (docs/product/mail.md#outbox), for admins when the site has no SMTP server: the
 * e-mails it would have sent, newest first, a page at a time; one opens in full. The page and
 * the open message are in the address (?page=, ?file=), so the back button works.
 */
export function OutboxSection() {
  const [params, setParams] = useSearchParams();
  const page = parsePageNumber(params.get("page")) ?? 1;
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
    <ListSection
      id="outbox"
      title="Outbox"
      description="No SMTP server is set up, so e-mails are not sent: they are kept here instead."
    >
      {file ? (
        <div className="space-y-4">
          <Button type="button" variant="outline" onClick={() => go({ file: null })}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to the outbox
          </Button>
          <OutboxMessageView file={file} />
        </div>
      ) : (
        <OutboxTable
          page={page}
          onPage={(next) => go({ page: next })}
          onOpen={(f) => go({ file: f })}
        />
      )}
    </ListSection>
  );
}

function OutboxTable({
  page,
  onPage,
  onOpen,
}: {
  page: number;
  onPage: (page: number) => void;
  onOpen: (file: string) => void;
}) {
  const list = useOutboxPage(page);
  const { search } = useLocation();
  const subject = (item: OutboxEntry) => <SubjectButton item={item} onOpen={onOpen} />;
  const columns: PagedTableColumn<OutboxEntry>[] = [
    {
      header: "Date",
      className: "whitespace-nowrap text-zinc-300",
      cell: (item) => whenWritten(item.date),
    },
    { header: "To", className: "break-all text-zinc-300", cell: (item) => item.to },
    { header: "Subject", cell: subject },
  ];
  return (
    <PagedTable
      query={list}
      label="Outbox"
      caption="Messages in the outbox"
      noun={["message", "messages"]}
      columns={columns}
      itemKey={(item) => item.file}
      compactRow={(item) => (
        <div className="space-y-1">
          {subject(item)}
          <p className="text-xs break-all text-zinc-400">{item.to}</p>
          <p className="text-xs text-zinc-400">{whenWritten(item.date)}</p>
        </div>
      )}
      search={search}
      loading="Loading the outbox..."
      errorFallback="Failed to load the outbox."
      empty={
        <EmptyState
          title="The outbox is empty."
          description="E-mails the site writes appear here."
        />
      }
      summary={({ total }) => (
        <p className="text-sm text-zinc-400">{`${total.toLocaleString("en-US")} ${total === 1 ? "message" : "messages"}, newest first.`}</p>
      )}
      pager={({ totalPages }) => (
        <OutboxPager page={page} totalPages={totalPages} onPage={onPage} />
      )}
    />
  );
}

function SubjectButton({ item, onOpen }: { item: OutboxEntry; onOpen: (file: string) => void }) {
  return (
    <button
      type="button"
      className="text-left font-medium text-white underline-offset-4 hover:underline focus-visible:underline"
      onClick={() => onOpen(item.file)}
    >
      {item.subject || "(no subject)"}
    </button>
  );
}

/** Newer and Older, with where the page lies: the outbox's own page links. */
function OutboxPager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Outbox pages" className="flex items-center justify-between gap-4">
      <Button type="button" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
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
  );
}
