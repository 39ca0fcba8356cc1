import { useState } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import {
  DELIVERY_PAGE_SIZE,
  useDeliveries,
} from "#app/features/integrations/api/get-deliveries.ts";
import { useResendDelivery } from "#app/features/integrations/api/resend-delivery.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { formatStaffTime, useViewerZone } from "#app/lib/staff-time.ts";
import { WEBHOOK_EVENT_LABELS } from "#common/schemas/webhooks.ts";
import type { WebhookDelivery, WebhookEndpoint } from "#common/types/webhook.ts";

const STATUS_BADGE = { delivered: "green", pending: "yellow", failed: "red" } as const;
const STATUS_LABEL = { delivered: "Delivered", pending: "Waiting", failed: "Failed" } as const;

/** An endpoint's delivery log, newest first, with Resend on each delivery. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(endpoint.id, page);
  const data = deliveries.data;
  return (
    <section aria-label={`Delivery log of ${endpoint.name}`} className="mt-4">
      <h3 className="text-sm font-semibold text-zinc-200">Delivery log</h3>
      {deliveries.isError ? (
        <p role="alert" className="mt-2 text-sm text-redstone-400">
          The delivery log could not be loaded.
        </p>
      ) : !data ? (
        <p role="status" className="mt-2 text-sm text-zinc-400">
          Loading the delivery log...
        </p>
      ) : data.items.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">Nothing has been sent to this endpoint yet.</p>
      ) : (
        <div className="relative mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-zinc-400">
              <tr>
                <th className="py-2 pr-3">Event</th>
                <th className="py-2 pr-3">Status</th>
                <th className="py-2 pr-3">Answer</th>
                <th className="py-2 pr-3">Took</th>
                <th className="py-2 pr-3">Attempts</th>
                <th className="py-2 pr-3">Next try</th>
                <th className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((delivery) => (
                <DeliveryRow key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
              ))}
            </tbody>
          </table>
          {data.total > DELIVERY_PAGE_SIZE ? (
            <div className="mt-2 flex items-center gap-2 text-sm text-zinc-400">
              <Button
                size="sm"
                variant="secondary"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Newer
              </Button>
              <span>
                Page {page} of {data.totalPages}
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={page >= data.totalPages}
                onClick={() => setPage(page + 1)}
              >
                Older
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const zone = useViewerZone();
  const toast = useToast();
  const resend = useResendDelivery();
  async function onResend() {
    try {
      await resend.mutateAsync({ endpointId, deliveryId: delivery.id });
      toast({ title: "Sending it again now." });
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({
        title: "Error",
        description: errorMessage(error, "It could not be sent again."),
        variant: "destructive",
      });
    }
  }
  const answer = [
    delivery.statusCode ? `HTTP ${delivery.statusCode}` : null,
    delivery.response ?? delivery.error,
  ]
    .filter(Boolean)
    .join(": ");
  return (
    <tr className="border-t border-night-700 align-top">
      <td className="py-2 pr-3">
        <p className="text-zinc-200">{WEBHOOK_EVENT_LABELS[delivery.eventType]}</p>
        <p className="text-xs text-zinc-400">{delivery.subject}</p>
        <p className="text-xs text-zinc-400">{formatStaffTime(delivery.createdAt, zone)}</p>
      </td>
      <td className="py-2 pr-3">
        <Badge variant={STATUS_BADGE[delivery.status]}>{STATUS_LABEL[delivery.status]}</Badge>
      </td>
      <td className="max-w-xs py-2 pr-3 break-words text-zinc-300">{answer || "—"}</td>
      <td className="py-2 pr-3 text-zinc-300">
        {delivery.durationMs === null ? "—" : `${delivery.durationMs} ms`}
      </td>
      <td className="py-2 pr-3 text-zinc-300">{delivery.attempts}</td>
      <td className="py-2 pr-3 text-zinc-300">
        {delivery.nextAttemptAt ? formatStaffTime(delivery.nextAttemptAt, zone) : "—"}
      </td>
      <td className="py-2">
        <Button size="sm" variant="secondary" onClick={onResend} disabled={resend.isPending}>
          Resend
        </Button>
      </td>
    </tr>
  );
}
