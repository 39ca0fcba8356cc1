import { useState } from "react";
import { useConfirmDelete } from "#app/components/dashboard/use-confirm-delete.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useDeleteEndpoint } from "#app/features/integrations/api/delete-endpoint.ts";
import { useEndpoints } from "#app/features/integrations/api/get-endpoints.ts";
import { useRegenerateSecret } from "#app/features/integrations/api/regenerate-secret.ts";
import { useUpdateEndpoint } from "#app/features/integrations/api/save-endpoint.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import type { WebhookEndpoint } from "#common/types/webhook.ts";
import type { WebhookSite } from "#common/webhook-payloads.ts";
import { EndpointCard } from "./endpoint-card.tsx";
import { EndpointFormDialog } from "./endpoint-form-dialog.tsx";

/**
 * Integrations (docs/product/dashboard.md#integrations-section), for admins and the owner: the
 * community chat's webhook and generic webhooks, what each takes, a test, and the delivery log.
 */
export function IntegrationsSection({ site }: { site: WebhookSite }) {
  const endpoints = useEndpoints();
  const [dialog, setDialog] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  return (
    <section aria-labelledby="integrations-title">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="integrations-title" className="text-3xl font-bold text-white">
            Integrations
          </h1>
          <p className="mt-1 text-zinc-400">
            Announce new posts, marketplace launches and newsletters in the community chat, or to
            any service through webhooks.
          </p>
        </div>
        <Button onClick={() => setDialog({ endpoint: null })}>Add Endpoint</Button>
      </header>
      {secret ? <SecretNotice {...secret} onDismiss={() => setSecret(null)} /> : null}
      {endpoints.data ? (
        endpoints.data.length === 0 ? (
          <Card className="p-10 text-center">
            <p className="text-lg font-semibold text-white">No endpoints yet.</p>
            <p className="mt-2 text-zinc-400">
              Add the community chat's webhook address to announce what the site publishes.
            </p>
          </Card>
        ) : (
          <ul className="space-y-4">
            {endpoints.data.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointCard
                  endpoint={endpoint}
                  actions={
                    <EndpointActions
                      endpoint={endpoint}
                      onEdit={() => setDialog({ endpoint })}
                      onSecret={(shown) => setSecret({ name: endpoint.name, secret: shown })}
                    />
                  }
                />
              </li>
            ))}
          </ul>
        )
      ) : endpoints.isError ? (
        <Card role="alert" className="p-10 text-center">
          <p className="text-lg font-semibold text-white">Failed to load the integrations.</p>
          <p className="mt-2 text-zinc-400">Please reload the page or try again in a moment.</p>
        </Card>
      ) : (
        <div role="status">
          <span className="sr-only">Loading the integrations...</span>
          <Skeleton className="h-40 w-full" />
        </div>
      )}
      <EndpointFormDialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        endpoint={dialog?.endpoint ?? null}
        site={site}
        onCreated={(name, shown) => {
          if (shown) setSecret({ name, secret: shown });
        }}
      />
    </section>
  );
}

/** A generic webhook's signing secret, shown once after it is made. */
function SecretNotice({
  name,
  secret,
  onDismiss,
}: {
  name: string;
  secret: string;
  onDismiss: () => void;
}) {
  return (
    <Card role="status" className="mb-6 p-5">
      <p className="font-semibold text-white">The signing secret of {name}</p>
      <p className="mt-1 text-sm text-zinc-400">
        Copy it into the receiving service now: it is shown only this once. Receivers check the
        webhook-signature header with it (Standard Webhooks).
      </p>
      <code className="mt-3 block break-all rounded bg-night-950 p-3 text-sm text-grass-300">
        {secret}
      </code>
      <Button className="mt-3" size="sm" variant="secondary" onClick={onDismiss}>
        Done
      </Button>
    </Card>
  );
}

function EndpointActions({
  endpoint,
  onEdit,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onSecret: (secret: string) => void;
}) {
  const toast = useToast();
  const update = useUpdateEndpoint();
  const regenerate = useRegenerateSecret();
  const { confirmAndDelete } = useConfirmDelete<WebhookEndpoint>({
    mutation: useDeleteEndpoint(),
    question: (item) => ({
      title: `Delete ${item.name}?`,
      description: "Nothing more is sent there, and its delivery log goes with it.",
    }),
    deleted: (item) => ({ title: `${item.name} was deleted.` }),
    failed: (error) => errorMessage(error, "The endpoint could not be deleted."),
  });
  const failed = (error: unknown, fallback: string) => {
    if (isApiError(error, 401)) return;
    toast({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });
  };
  async function setEnabled(enabled: boolean) {
    const { name, events } = endpoint;
    await update
      .mutateAsync({ id: endpoint.id, input: { name, events, enabled } })
      .catch((error: unknown) => failed(error, "The endpoint could not be changed."));
  }
  async function newSecret() {
    await regenerate
      .mutateAsync(endpoint.id)
      .then(({ secret }) => onSecret(secret))
      .catch((error: unknown) => failed(error, "A new secret could not be made."));
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="mr-2 flex items-center gap-2 text-sm text-zinc-300">
        <Switch
          aria-label={`Send to ${endpoint.name}`}
          checked={endpoint.enabled}
          onCheckedChange={setEnabled}
          disabled={update.isPending}
        />
        {endpoint.enabled ? <Badge variant="green">On</Badge> : <Badge>Off</Badge>}
      </div>
      <Button size="sm" variant="secondary" onClick={onEdit}>
        Edit
      </Button>
      {endpoint.kind === "generic" ? (
        <Button size="sm" variant="secondary" onClick={newSecret} disabled={regenerate.isPending}>
          New secret
        </Button>
      ) : null}
      <Button size="sm" variant="destructive" onClick={() => confirmAndDelete(endpoint)}>
        Delete
      </Button>
    </div>
  );
}
