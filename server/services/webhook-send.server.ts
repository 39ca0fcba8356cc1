import type { WebhookEventType } from "#common/schemas/webhooks.ts";
import {
  chatMessage,
  genericBody,
  type WebhookEventSnapshot,
  type WebhookSite,
} from "#common/webhook-payloads.ts";
import type { Config } from "#server/config/env.server.ts";
import type { WebhookEndpointRow } from "#server/db/webhook-tables.ts";
import type { Resolve } from "./webhook-address.server.ts";
import { sendWebhook, signedHeaders, type WebhookOutcome } from "./webhook-request.server.ts";

// One attempt of a webhook (docs/decisions/037-webhooks.md): the body each kind of endpoint
// takes, signed for a generic one, sent with the address checks of webhook-address.server.ts.

export type AttemptOptions = {
  config: Config;
  site: WebhookSite;
  now: Date;
  timeoutMs?: number;
  resolve?: Resolve;
};

/** The body an endpoint gets for an event. */
export function webhookBody(
  endpoint: Pick<WebhookEndpointRow, "kind">,
  event: WebhookEventSnapshot,
  site: WebhookSite,
): string {
  return JSON.stringify(
    endpoint.kind === "chat" ? chatMessage(event, site) : genericBody(event, site),
  );
}

/** Sends an event to an endpoint under `webhookId` (the same on every attempt). */
export function attemptWebhook(
  endpoint: Pick<WebhookEndpointRow, "kind" | "url" | "secret">,
  event: WebhookEventSnapshot,
  webhookId: string,
  { config, site, now, timeoutMs, resolve }: AttemptOptions,
): Promise<WebhookOutcome> {
  const body = webhookBody(endpoint, event, site);
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers =
    endpoint.kind === "generic" && endpoint.secret
      ? signedHeaders(endpoint.secret, webhookId, timestamp, body)
      : {};
  return sendWebhook({
    url: endpoint.url,
    body,
    headers,
    rules: config.webhooks,
    timeoutMs,
    resolve,
    userAgent: `StudioSite-Webhooks/1 (+${config.siteUrl})`,
  });
}

/** An event row as a snapshot. */
export function eventSnapshot(row: {
  id: string;
  type: string;
  data: string;
  createdAt: string;
}): WebhookEventSnapshot {
  return {
    id: row.id,
    type: row.type as WebhookEventType,
    createdAt: row.createdAt,
    data: JSON.parse(row.data),
  };
}
