import { useFormContext } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { applyServerErrors, Form, FormField, useZodForm } from "#app/components/ui/form.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import {
  useCreateEndpoint,
  useUpdateEndpoint,
} from "#app/features/integrations/api/save-endpoint.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import {
  DEFAULT_WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WebhookEndpointCreateSchema,
  type WebhookEventType,
} from "#common/schemas/webhooks.ts";
import type { WebhookEndpoint } from "#common/types/webhook.ts";
import { chatMessage, sampleEvent, type WebhookSite } from "#common/webhook-payloads.ts";
import { z } from "#common/zod.ts";
import { ChatCardPreview } from "./chat-card-preview.tsx";

/** Add Endpoint, which doubles as Edit Endpoint when given one. */
export function EndpointFormDialog({
  open,
  onOpenChange,
  endpoint,
  site,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  endpoint: WebhookEndpoint | null;
  site: WebhookSite;
  /** After adding: the endpoint's name and its signing secret (generic only), shown once. */
  onCreated: (name: string, secret: string | null) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="endpoint-form-description" className="max-w-2xl">
        {open ? (
          <EndpointForm
            endpoint={endpoint}
            site={site}
            onDone={() => onOpenChange(false)}
            onCreated={onCreated}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

// On edit, an empty address keeps the stored one (the dashboard never gets it back whole).
const EditSchema = WebhookEndpointCreateSchema.extend({
  url: WebhookEndpointCreateSchema.shape.url.or(z.literal("")),
});

type EndpointValues = z.output<typeof WebhookEndpointCreateSchema>;

function EndpointForm({
  endpoint,
  site,
  onDone,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  site: WebhookSite;
  onDone: () => void;
  onCreated: (name: string, secret: string | null) => void;
}) {
  const toast = useToast();
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const form = useZodForm(endpoint ? EditSchema : WebhookEndpointCreateSchema, {
    defaultValues: {
      name: endpoint?.name ?? "",
      kind: endpoint?.kind ?? "chat",
      url: "",
      events: endpoint?.events ?? DEFAULT_WEBHOOK_EVENTS,
      enabled: endpoint?.enabled ?? true,
    },
  });
  const kind = form.watch("kind");
  const saving = create.isPending || update.isPending;

  async function onSubmit(values: EndpointValues) {
    try {
      if (endpoint) {
        const { kind: _kind, ...input } = values;
        await update.mutateAsync({ id: endpoint.id, input });
        toast({ title: "Endpoint saved." });
        onDone();
      } else {
        const created = await create.mutateAsync(values);
        toast({ title: "Endpoint added." });
        onDone();
        onCreated(created.endpoint.name, created.secret);
      }
    } catch (error) {
      if (isApiError(error, 401)) return;
      if (isApiError(error, 400)) applyServerErrors(form, error.errors);
      toast({
        title: "Error",
        description: errorMessage(error, "The endpoint could not be saved."),
        variant: "destructive",
      });
    }
  }

  return (
    <>
      <DialogTitle>{endpoint ? "Edit Endpoint" : "Add Endpoint"}</DialogTitle>
      <DialogDescription id="endpoint-form-description">
        Where the site announces what happens: the community chat's webhook, or any service that
        takes signed webhooks.
      </DialogDescription>
      <Form form={form} onSubmit={onSubmit}>
        <FormField
          name="name"
          label="Name"
          render={(field, control) => <Input {...field} {...control} />}
        />
        {endpoint ? null : (
          <FormField
            name="kind"
            label="Kind"
            render={(field, control) => (
              <NativeSelect {...field} {...control}>
                <option value="chat">Community chat (Discord webhook)</option>
                <option value="generic">Generic webhook (signed)</option>
              </NativeSelect>
            )}
          />
        )}
        <FormField
          name="url"
          label="Webhook address"
          description={
            endpoint
              ? `Leave empty to keep ${endpoint.displayUrl}`
              : "The address the chat service or receiver gave you, starting with https://."
          }
          render={(field, control) => (
            <Input
              {...field}
              {...control}
              value={field.value ?? ""}
              type="url"
              autoComplete="off"
            />
          )}
        />
        <EventChoices />
        <FormField
          name="enabled"
          label="Enabled"
          render={(field, control) => (
            <div>
              <Switch {...control} checked={field.value} onCheckedChange={field.onChange} />
            </div>
          )}
        />
        {kind === "chat" ? (
          <div>
            <p className="mb-2 text-sm font-semibold text-zinc-200">Preview</p>
            <ChatCardPreview message={chatMessage(sampleEvent(new Date()), site)} />
          </div>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : endpoint ? "Save Changes" : "Add Endpoint"}
          </Button>
        </div>
      </Form>
    </>
  );
}

/** The events the endpoint takes, as checkboxes. */
function EventChoices() {
  const { watch, setValue, formState } = useFormContext<EndpointValues>();
  const chosen = watch("events");
  const error = formState.errors.events?.message;
  return (
    <fieldset aria-describedby={error ? "endpoint-events-error" : undefined}>
      <legend className="text-sm font-medium text-zinc-200">Events</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm text-zinc-300">
            <input
              type="checkbox"
              className="size-4 accent-grass-500"
              checked={chosen.includes(type)}
              onChange={(event) =>
                setValue(
                  "events",
                  event.target.checked
                    ? [...chosen, type]
                    : chosen.filter((other: WebhookEventType) => other !== type),
                  { shouldValidate: true },
                )
              }
            />
            {WEBHOOK_EVENT_LABELS[type]}
          </label>
        ))}
      </div>
      {error ? (
        <p id="endpoint-events-error" className="mt-1.5 text-sm text-redstone-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
