import { z } from "#common/zod.ts";

/**
 * The Integrations section's endpoints (docs/product/dashboard.md#integrations-section): the same
 * schema checks the form and `POST`/`PUT /api/integrations`. Whether an address may be reached
 * (https, not a private network) is the server's check, after resolving its host.
 */

export const WEBHOOK_EVENT_TYPES = [
  "post.published",
  "post.updated",
  "marketplace.launched",
  "newsletter.sent",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Each event's name in the dashboard. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "post.published": "Post published",
  "post.updated": "Post updated while live",
  "marketplace.launched": "Marketplace item launched",
  "newsletter.sent": "Newsletter sent",
};

/** What a new endpoint takes unless chosen otherwise (updates of live posts are opt-in). */
export const DEFAULT_WEBHOOK_EVENTS: WebhookEventType[] = [
  "post.published",
  "marketplace.launched",
  "newsletter.sent",
];

export const WEBHOOK_KINDS = ["chat", "generic"] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const MAX_WEBHOOK_NAME_LENGTH = 80;
const MAX_WEBHOOK_URL_LENGTH = 2000;

export const WEBHOOK_MESSAGES = {
  nameRequired: "Give the endpoint a name.",
  nameTooLong: `The name must be at most ${MAX_WEBHOOK_NAME_LENGTH} characters.`,
  url: "Enter the webhook's address, starting with https://.",
  eventsRequired: "Choose at least one event.",
} as const;

const url = z
  .string()
  .trim()
  .max(MAX_WEBHOOK_URL_LENGTH, WEBHOOK_MESSAGES.url)
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
    WEBHOOK_MESSAGES.url,
  );

const fields = {
  name: z
    .string({ error: WEBHOOK_MESSAGES.nameRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.nameRequired)
    .max(MAX_WEBHOOK_NAME_LENGTH, WEBHOOK_MESSAGES.nameTooLong),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES), { error: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type))),
  enabled: z.boolean().default(true),
};

/** A new endpoint: its kind and address are required. */
export const WebhookEndpointCreateSchema = z.object({
  ...fields,
  kind: z.enum(WEBHOOK_KINDS, { error: "Choose the kind: community chat or generic webhook." }),
  url,
});
export type WebhookEndpointCreate = z.input<typeof WebhookEndpointCreateSchema>;

/**
 * A change to an endpoint: its kind stays; an empty or absent address keeps the stored one (the
 * dashboard never gets the whole address back, since it may hold a token).
 */
export const WebhookEndpointUpdateSchema = z.object({
  ...fields,
  url: z.union([z.literal(""), url]).optional(),
});
export type WebhookEndpointUpdate = z.input<typeof WebhookEndpointUpdateSchema>;
