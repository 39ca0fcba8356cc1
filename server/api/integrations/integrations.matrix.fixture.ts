import { ADMINS_ONLY, type Row } from "#server/api/access-matrix.fixture.ts";
import type { Db } from "#server/db/db.server.ts";
import { createEndpoint } from "#server/services/webhook-endpoints.server.ts";
import { queueWebhookEvent } from "#server/services/webhook-events.server.ts";

// The access matrix's rows for /api/integrations (access-matrix.test.ts): admins and the owner
// only. Endpoints are made in the database; their address is never reached (a loopback one is
// refused before connecting).

async function endpoint(db: Db, kind: "chat" | "generic" = "generic") {
  const { row } = await createEndpoint(
    db,
    {
      name: "Matrix",
      kind,
      url: "https://127.0.0.1/matrix",
      events: ["post.published"],
      enabled: true,
    },
    { createdBy: null },
  );
  return row.id;
}

const BODY = {
  name: "Matrix",
  kind: "generic",
  url: "https://8.8.8.8/hook",
  events: ["post.published"],
};

export const INTEGRATION_ROWS: Row[] = [
  {
    name: "GET /api/integrations",
    call: async () => ({ method: "GET", path: "/api/integrations" }),
    expected: ADMINS_ONLY(200),
  },
  {
    name: "POST /api/integrations",
    call: async () => ({ method: "POST", path: "/api/integrations", body: BODY }),
    expected: ADMINS_ONLY(201),
  },
  {
    name: "PUT /api/integrations/:id",
    call: async (server) => ({
      method: "PUT",
      path: `/api/integrations/${await endpoint(server.db.handle.db)}`,
      body: { name: "Renamed", events: ["post.published"], enabled: false },
    }),
    expected: ADMINS_ONLY(200),
  },
  {
    name: "DELETE /api/integrations/:id",
    call: async (server) => ({
      method: "DELETE",
      path: `/api/integrations/${await endpoint(server.db.handle.db)}`,
    }),
    expected: ADMINS_ONLY(204),
  },
  {
    name: "POST /api/integrations/:id/secret",
    call: async (server) => ({
      method: "POST",
      path: `/api/integrations/${await endpoint(server.db.handle.db)}/secret`,
    }),
    expected: ADMINS_ONLY(200),
  },
  {
    name: "POST /api/integrations/:id/test",
    call: async (server) => ({
      method: "POST",
      path: `/api/integrations/${await endpoint(server.db.handle.db, "chat")}/test`,
    }),
    expected: ADMINS_ONLY(200),
  },
  {
    name: "GET /api/integrations/:id/deliveries",
    call: async (server) => ({
      method: "GET",
      path: `/api/integrations/${await endpoint(server.db.handle.db)}/deliveries`,
    }),
    expected: ADMINS_ONLY(200),
  },
  {
    name: "POST /api/integrations/:id/deliveries/:deliveryId/resend",
    call: async (server) => {
      const db = server.db.handle.db;
      const id = await endpoint(db);
      await db
        .transaction()
        .execute((trx) => queueWebhookEvent(trx, { type: "post.published", data: {} }));
      const delivery = await db
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("endpointId", "=", id)
        .executeTakeFirstOrThrow();
      return { method: "POST", path: `/api/integrations/${id}/deliveries/${delivery.id}/resend` };
    },
    expected: ADMINS_ONLY(202),
  },
];
