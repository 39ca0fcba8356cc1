import type { WebhookEventType, WebhookKind } from "#common/schemas/webhooks.ts";

/** An endpoint as the Integrations section lists it (GET /api/integrations). */
export type WebhookEndpoint = {
  id: string;
  name: string;
  kind: WebhookKind;
  /** The address without its secret parts (a chat webhook's token, a query string). */
  displayUrl: string;
  events: WebhookEventType[];
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  /** The newest delivery's outcome, or null before the first. */
  lastDelivery: {
    status: WebhookDeliveryStatus;
    statusCode: number | null;
    at: string;
  } | null;
};

/** A new endpoint, with its signing secret (generic only) shown this once. */
export type WebhookEndpointCreated = { endpoint: WebhookEndpoint; secret: string | null };

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** A row of an endpoint's delivery log. */
export type WebhookDelivery = {
  /** The `webhook-id` every attempt carries. */
  id: string;
  eventType: WebhookEventType;
  /** What the event is about (a post's or newsletter's title). */
  subject: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  statusCode: number | null;
  /** The start of the receiver's answer, or why none came. */
  response: string | null;
  error: string | null;
  durationMs: number | null;
  createdAt: string;
  lastAttemptAt: string | null;
  /** When the next attempt is due; null unless pending. */
  nextAttemptAt: string | null;
  deliveredAt: string | null;
};

/** What "Send a test" got back from the receiver. */
export type WebhookTestOutcome = {
  ok: boolean;
  statusCode: number | null;
  response: string | null;
  error: string | null;
  durationMs: number;
};
