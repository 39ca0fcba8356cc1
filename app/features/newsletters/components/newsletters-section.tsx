import { ListIcon, SendIcon } from "lucide-react";
import * as React from "react";
import { useLocation, useSearchParams } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { ListSection } from "#app/components/dashboard/list-section.tsx";
import { PagedTable, type PagedTableColumn } from "#app/components/dashboard/paged-table.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useSendingPage } from "#app/features/newsletters/api/get-sendings.ts";
import { statusLabel } from "#app/features/newsletters/sending-progress.ts";
import { formatStaffTime, useViewerZone } from "#app/lib/staff-time.ts";
import { parsePageNumber } from "#common/paging.ts";
import type { NewsletterSending } from "#common/types/newsletter.ts";
import { SendingDetailDialog } from "./sending-detail-dialog.tsx";
import { SendingProgressBar } from "./sending-progress-bar.tsx";

/**
 * Newsletters (docs/product/mail.md#newsletters-section): every sending, newest first, with its
 * progress, asked again every 2 seconds while one is under way; Details shows a sending's failures.
 */
export function NewslettersSection() {
  const [params] = useSearchParams();
  const { search } = useLocation();
  const sendings = useSendingPage(parsePageNumber(params.get("page")) ?? 1);
  const [openId, setOpenId] = React.useState<string | null>(null);

  return (
    <ListSection
      id="newsletters"
      title="Newsletters"
      description="Posts sent to the mailing list, and how far each sending has come. Send a post from its editor with Send as newsletter."
    >
      <PagedTable
        query={sendings}
        label="Newsletter sendings"
        noun={["sending", "sendings"]}
        search={search}
        errorFallback="Failed to load the newsletters."
        itemKey={(sending) => sending.id}
        columns={COLUMNS}
        compactRow={(sending) => (
          <div className="grid gap-2">
            <SendingTitle sending={sending} />
            <SendingStatus sending={sending} />
            <SendingProgressBar sending={sending} />
          </div>
        )}
        actions={(sending) => (
          <Button type="button" variant="ghost" size="sm" onClick={() => setOpenId(sending.id)}>
            <ListIcon aria-hidden="true" />
            Details
            <span className="sr-only">{` of "${sending.postTitle}"`}</span>
          </Button>
        )}
        empty={
          <EmptyState
            icon={SendIcon}
            title="No newsletters sent yet"
            description="Open a published post in the editor and choose Send as newsletter."
          />
        }
      />
      <SendingDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </ListSection>
  );
}

const COLUMNS: PagedTableColumn<NewsletterSending>[] = [
  { header: "Post", cell: (sending) => <SendingTitle sending={sending} /> },
  {
    header: "Progress",
    className: "w-80",
    cell: (sending) => <SendingProgressBar sending={sending} />,
  },
  { header: "Status", className: "w-44", cell: (sending) => <SendingStatus sending={sending} /> },
];

function SendingTitle({ sending }: { sending: NewsletterSending }) {
  const zone = useViewerZone();
  return (
    <div className="min-w-0">
      <p className="font-semibold break-words text-white">{sending.postTitle}</p>
      <p className="mt-0.5 text-xs text-zinc-400">
        {"Started "}
        <time dateTime={sending.createdAt}>{formatStaffTime(sending.createdAt, zone)}</time>
        {sending.createdBy ? ` by ${sending.createdBy}` : ""}
        {` · to ${sending.total.toLocaleString("en-US")} ${sending.total === 1 ? "subscriber" : "subscribers"}`}
      </p>
    </div>
  );
}

function SendingStatus({ sending }: { sending: NewsletterSending }) {
  const variant =
    sending.status === "sending" ? "blue" : sending.failed > 0 ? "yellow" : ("green" as const);
  return (
    <Badge variant={variant} data-testid="sending-status">
      {statusLabel(sending)}
    </Badge>
  );
}
