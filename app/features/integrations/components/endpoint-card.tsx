import { useState } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useSendTest } from "#app/features/integrations/api/send-test.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { formatStaffTime, useViewerZone } from "#app/lib/staff-time.ts";
import { WEBHOOK_EVENT_LABELS } from "#common/schemas/webhooks.ts";
import type { WebhookEndpoint, WebhookTestOutcome } from "#common/types/webhook.ts";
import { DeliveryLog } from "./delivery-log.tsx";

const KIND_LABELS = { chat: "Community chat", generic: "Generic webhook" } as const;

/** One endpoint: what it is and takes, its last delivery, a test, and its delivery log. */
export function EndpointCard({
  endpoint,
  actions,
}: {
  endpoint: WebhookEndpoint;
  actions: React.ReactNode;
}) {
  const zone = useViewerZone();
  const toast = useToast();
  const test = useSendTest();
  const [outcome, setOutcome] = useState<WebhookTestOutcome | null>(null);
  const [showLog, setShowLog] = useState(false);
  const last = endpoint.lastDelivery;
  async function sendTest() {
    setOutcome(null);
    try {
      setOutcome(await test.mutateAsync(endpoint.id));
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({
        title: "Error",
        description: errorMessage(error, "The test could not be sent."),
        variant: "destructive",
      });
    }
  }
  return (
    <Card as="article" aria-label={endpoint.name} className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-white">{endpoint.name}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-zinc-400">
            <Badge variant="blue">{KIND_LABELS[endpoint.kind]}</Badge>
            <code className="break-all">{endpoint.displayUrl}</code>
          </p>
          <p className="mt-2 text-sm text-zinc-300">
            {endpoint.events.map((type) => WEBHOOK_EVENT_LABELS[type]).join(", ")}
          </p>
          <p className="mt-1 text-xs text-zinc-400">
            {last
              ? `Last delivery: ${last.status}${last.statusCode ? ` (HTTP ${last.statusCode})` : ""}, ${formatStaffTime(last.at, zone)}`
              : "Nothing sent yet."}
          </p>
        </div>
        {actions}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={sendTest} disabled={test.isPending}>
          {test.isPending ? "Sending..." : "Send a test"}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setShowLog(!showLog)}>
          {showLog ? "Hide delivery log" : "Delivery log"}
        </Button>
      </div>
      {outcome ? (
        <p
          role="status"
          className={outcome.ok ? "mt-3 text-sm text-grass-300" : "mt-3 text-sm text-redstone-400"}
        >
          {outcome.ok
            ? `The test arrived: HTTP ${outcome.statusCode}, in ${outcome.durationMs} ms.`
            : `The test did not arrive: ${outcome.error ?? "no answer"}${outcome.response ? ` (${outcome.response})` : ""}`}
        </p>
      ) : null}
      {showLog ? <DeliveryLog endpoint={endpoint} /> : null}
    </Card>
  );
}
