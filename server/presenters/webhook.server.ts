import type { WebhookEventType } from "#common/schemas/webhooks.ts";
import type { WebhookDelivery, WebhookEndpoint } from "#common/types/webhook.ts";
import type { WebhookEventData } from "#common/webhook-payloads.ts";
import { parseStringList } from "#server/db/json-list.ts";
import type { WebhookEndpointRow } from "#server/db/webhook-tables.ts";

/**
 * A webhook address without what may be secret: the query string, and a path part long enough
 * to be a token (a chat webhook's address ends with one), each shown as "…".
 */
export function displayWebhookUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "…";
  }
  const parts = url.pathname.split("/").map((part) => (part.length >= 16 ? "…" : part));
  return `${url.protocol}//${url.host}${parts.join("/")}${url.search ? "?…" : ""}`;
}

type EndpointSummary = WebhookEndpointRow & { lastDelivery: WebhookEndpoint["lastDelivery"] };

export function presentEndpoint(row: EndpointSummary): WebhookEndpoint {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    displayUrl: displayWebhookUrl(row.url),
    events: parseStringList(row.events) as WebhookEventType[],
    enabled: Boolean(row.enabled),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastDelivery: row.lastDelivery,
  };
}

type DeliveryRow = {
  id: string;
  eventType: string;
  eventData: string;
  status: WebhookDelivery["status"];
  attempts: number;
  lastStatusCode: number | null;
  lastResponse: string | null;
  lastError: string | null;
  lastDurationMs: number | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string;
  deliveredAt: string | null;
};

function subjectOf(json: string): string {
  try {
    const data = JSON.parse(json) as WebhookEventData;
    return data.post?.title ?? data.newsletter?.title ?? "";
  } catch {
    return "";
  }
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.eventType as WebhookEventType,
    subject: subjectOf(row.eventData),
    status: row.status,
    attempts: row.attempts,
    statusCode: row.lastStatusCode,
    response: row.lastResponse,
    error: row.lastError,
    durationMs: row.lastDurationMs,
    createdAt: row.createdAt,
    lastAttemptAt: row.lastAttemptAt,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt : null,
    deliveredAt: row.deliveredAt,
  };
}
