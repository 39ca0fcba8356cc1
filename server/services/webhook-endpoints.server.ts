import { randomUUID } from "node:crypto";
import type {
  WebhookEndpointCreateSchema,
  WebhookEndpointUpdateSchema,
} from "#common/schemas/webhooks.ts";
import type { z } from "#common/zod.ts";
import type { Db } from "#server/db/db.server.ts";
import type { WebhookDeliveryStatus, WebhookEndpointRow } from "#server/db/webhook-tables.ts";
import { HttpError } from "#server/errors.ts";
import { newWebhookSecret } from "./webhook-request.server.ts";

// The Integrations section's endpoints (docs/product/dashboard.md#integrations-section).

export const ENDPOINT_NOT_FOUND = "That endpoint no longer exists.";

type CreateInput = z.output<typeof WebhookEndpointCreateSchema>;
type UpdateInput = z.output<typeof WebhookEndpointUpdateSchema>;

/** An endpoint with its newest delivery's outcome. */
export type EndpointSummary = WebhookEndpointRow & {
  lastDelivery: { status: WebhookDeliveryStatus; statusCode: number | null; at: string } | null;
};

/** Every endpoint, oldest first, each with its newest delivery. */
export async function listEndpoints(db: Db): Promise<EndpointSummary[]> {
  const rows = await db.selectFrom("webhook_endpoints").selectAll().orderBy("createdAt").execute();
  const summaries: EndpointSummary[] = [];
  for (const row of rows) {
    const last = await db
      .selectFrom("webhook_deliveries")
      .select(["status", "lastStatusCode", "lastAttemptAt", "createdAt"])
      .where("endpointId", "=", row.id)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    summaries.push({
      ...row,
      lastDelivery: last
        ? {
            status: last.status,
            statusCode: last.lastStatusCode,
            at: last.lastAttemptAt ?? last.createdAt,
          }
        : null,
    });
  }
  return summaries;
}

export async function getEndpoint(db: Db, id: string): Promise<WebhookEndpointRow> {
  const row = await db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw HttpError.notFound(ENDPOINT_NOT_FOUND);
  return row;
}

/** A new endpoint; a generic one gets a signing secret, answered (whsec_…) this once. */
export async function createEndpoint(
  db: Db,
  input: CreateInput,
  { createdBy, now = new Date() }: { createdBy: string | null; now?: Date },
): Promise<{ row: WebhookEndpointRow; secret: string | null }> {
  const secret = input.kind === "generic" ? newWebhookSecret() : null;
  const at = now.toISOString();
  const row = {
    id: randomUUID(),
    name: input.name,
    kind: input.kind,
    url: input.url,
    secret: secret?.stored ?? null,
    events: JSON.stringify(input.events),
    enabled: input.enabled,
    createdBy,
    createdAt: at,
    updatedAt: at,
  };
  await db.insertInto("webhook_endpoints").values(row).execute();
  return { row: await getEndpoint(db, row.id), secret: secret?.shown ?? null };
}

/** Changes an endpoint; an empty address keeps the stored one. */
export async function updateEndpoint(
  db: Db,
  id: string,
  input: UpdateInput,
  now = new Date(),
): Promise<WebhookEndpointRow> {
  const result = await db
    .updateTable("webhook_endpoints")
    .set({
      name: input.name,
      events: JSON.stringify(input.events),
      enabled: input.enabled,
      updatedAt: now.toISOString(),
      ...(input.url ? { url: input.url } : {}),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw HttpError.notFound(ENDPOINT_NOT_FOUND);
  return getEndpoint(db, id);
}

/** Deletes an endpoint and its deliveries (the foreign key cascades). */
export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  const result = await db.deleteFrom("webhook_endpoints").where("id", "=", id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw HttpError.notFound(ENDPOINT_NOT_FOUND);
}

/** A new signing secret for a generic endpoint; the old one stops working at once. */
export async function regenerateSecret(db: Db, id: string, now = new Date()): Promise<string> {
  const endpoint = await getEndpoint(db, id);
  if (endpoint.kind !== "generic") {
    throw HttpError.badRequest("Only generic webhooks are signed; a chat endpoint has no secret.");
  }
  const secret = newWebhookSecret();
  await db
    .updateTable("webhook_endpoints")
    .set({ secret: secret.stored, updatedAt: now.toISOString() })
    .where("id", "=", id)
    .execute();
  return secret.shown;
}
