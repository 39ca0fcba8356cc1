import type { Generated, Selectable } from "kysely";

// The webhook tables (Database in tables.ts names them).

/** Where events are sent (migration 0020, docs/decisions/037-webhooks.md). */
export type WebhookEndpointsTable = {
  id: string;
  name: string;
  /** chat: the chat service's message format; generic: Standard Webhooks, signed. */
  kind: "chat" | "generic";
  url: string;
  /** A generic endpoint's signing key, base64 (shown once as whsec_…); null for chat. */
  secret: string | null;
  /** The event types it takes, as a JSON list. */
  events: string;
  enabled: boolean | number;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Something that happened, once, with a snapshot of what it is about (JSON `data`). */
export type WebhookEventsTable = {
  id: string;
  type: string;
  data: string;
  /** Keeps an event a sweep may find twice to one row (a launch: `marketplace.launched:{postId}`). */
  dedupeKey: string | null;
  createdAt: string;
};

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** One event sent to one endpoint; its id is the `webhook-id` of every attempt. */
export type WebhookDeliveriesTable = {
  id: string;
  eventId: string;
  endpointId: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lastAttemptAt: string | null;
  /** The receiver's HTTP status; null when none came (timeout, refused address). */
  lastStatusCode: number | null;
  /** The start of the receiver's answer body. */
  lastResponse: string | null;
  lastError: string | null;
  lastDurationMs: number | null;
  claimedBy: string | null;
  claimedUntil: string | null;
  deliveredAt: string | null;
  createdAt: string;
};

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
