import { randomUUID } from "node:crypto";
import { Router } from "express";
import {
  WebhookEndpointCreateSchema,
  WebhookEndpointUpdateSchema,
} from "#common/schemas/webhooks.ts";
import type { WebhookEndpointCreated, WebhookTestOutcome } from "#common/types/webhook.ts";
import { sampleEvent } from "#common/webhook-payloads.ts";
import { pagedAnswer, staffListQuerySchema } from "#server/api/shared/list-query.ts";
import { uuidParam } from "#server/api/shared/params.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireAdmin, viewerOf } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { presentDelivery, presentEndpoint } from "#server/presenters/webhook.server.ts";
import { currentSiteSettings } from "#server/services/site-settings.server.ts";
import {
  checkWebhookAddress,
  WebhookAddressError,
} from "#server/services/webhook-address.server.ts";
import { pageDeliveries, resendDelivery } from "#server/services/webhook-deliveries.server.ts";
import {
  createEndpoint,
  deleteEndpoint,
  ENDPOINT_NOT_FOUND,
  getEndpoint,
  listEndpoints,
  regenerateSecret,
  updateEndpoint,
} from "#server/services/webhook-endpoints.server.ts";
import { attemptWebhook } from "#server/services/webhook-send.server.ts";

const DeliveryPageQuerySchema = staffListQuerySchema(["-createdAt"], {}).pick({
  page: true,
  limit: true,
});

/**
 * `/api/integrations`: the community chat and generic webhooks (docs/product/api.md#integrations),
 * for admins and the owner only, as Settings and Employees are.
 */
export function integrationsRouter(context: ServerContext) {
  const { db, config } = context;
  const router = Router();
  router.use(requireAdmin(context));

  /** Refuses (400) an address a webhook may not be sent to, saying why. */
  async function checkAddress(url: string): Promise<void> {
    try {
      await checkWebhookAddress(url, config.webhooks);
    } catch (error) {
      if (!(error instanceof WebhookAddressError)) throw error;
      throw HttpError.badRequest(error.message, { url: error.message });
    }
  }
  const endpointId = (params: Record<string, unknown>) =>
    uuidParam(params, "id", ENDPOINT_NOT_FOUND);

  router.get("/", async (_req, res) => {
    res.json((await listEndpoints(db)).map(presentEndpoint));
  });

  router.post("/", async (req, res) => {
    const input = parseInput(WebhookEndpointCreateSchema, req.body);
    await checkAddress(input.url);
    const { row, secret } = await createEndpoint(db, input, { createdBy: viewerOf(res).id });
    const answer: WebhookEndpointCreated = {
      endpoint: presentEndpoint({ ...row, lastDelivery: null }),
      secret,
    };
    res.status(201).json(answer);
  });

  router.put("/:id", async (req, res) => {
    const id = endpointId(req.params);
    const input = parseInput(WebhookEndpointUpdateSchema, req.body);
    if (input.url) await checkAddress(input.url);
    await updateEndpoint(db, id, input);
    const summary = (await listEndpoints(db)).find((endpoint) => endpoint.id === id);
    if (!summary) throw HttpError.notFound(ENDPOINT_NOT_FOUND);
    res.json(presentEndpoint(summary));
  });

  router.delete("/:id", async (req, res) => {
    await deleteEndpoint(db, endpointId(req.params));
    res.status(204).end();
  });

  router.post("/:id/secret", async (req, res) => {
    res.json({ secret: await regenerateSecret(db, endpointId(req.params)) });
  });

  router.post("/:id/test", async (req, res) => {
    const endpoint = await getEndpoint(db, endpointId(req.params));
    const settings = await currentSiteSettings(db, config.siteDefaults);
    const now = new Date();
    const outcome = await attemptWebhook(
      endpoint,
      sampleEvent(now),
      `msg_test_${randomUUID().replaceAll("-", "")}`,
      { config, site: { name: settings.companyName, url: config.siteUrl }, now },
    );
    const answer: WebhookTestOutcome = outcome;
    res.json(answer);
  });

  router.get("/:id/deliveries", async (req, res) => {
    const id = endpointId(req.params);
    await getEndpoint(db, id);
    const query = parseInput(DeliveryPageQuerySchema, req.query);
    const { rows, total } = await pageDeliveries(db, id, {
      page: query.page,
      pageSize: query.limit,
    });
    res.json(pagedAnswer(rows.map(presentDelivery), total, query));
  });

  router.post("/:id/deliveries/:deliveryId/resend", async (req, res) => {
    const id = endpointId(req.params);
    const deliveryId = String(req.params.deliveryId ?? "");
    if (!/^msg_[0-9a-f]{32}$/.test(deliveryId)) {
      throw HttpError.notFound("That delivery no longer exists.");
    }
    await resendDelivery(db, { endpointId: id, id: deliveryId });
    res.status(202).json({ id: deliveryId, status: "pending" });
  });

  return router;
}
