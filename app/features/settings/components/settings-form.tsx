import * as React from "react";
import type { FieldPath, UseFormReturn } from "react-hook-form";
import { useRevalidator } from "react-router";
import { ImageField } from "#app/components/dashboard/image-field.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Form, FormField, useZodForm } from "#app/components/ui/form.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useUpdateSettings } from "#app/features/settings/api/update-settings.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { formatLongDate } from "#common/format.ts";
import {
  MAX_COMPANY_NAME_LENGTH,
  MAX_TAGLINE_LENGTH,
  type SiteLinkKey,
  type SiteSettingKey,
  type SiteSettings,
  SiteSettingsSchema,
} from "#common/schemas/site-settings.ts";
import type { SiteSettingsState } from "#common/types/site-settings.ts";
import { FooterLinksField } from "./footer-links-field.tsx";

/** The links, with their labels and where the public pages use them. */
const LINK_FIELDS: { key: SiteLinkKey; label: string; description: string }[] = [
  {
    key: "communityInviteUrl",
    label: "Community chat invite",
    description:
      "Support and Contact in the navigation, Join our community, the partnership buttons.",
  },
  {
    key: "videoChannelUrl",
    label: "Video channel",
    description: "Watch Videos on the home page, and the videos page.",
  },
  {
    key: "marketplaceCreatorUrl",
    label: "Marketplace creator page",
    description: "The call to action on the studio page.",
  },
  {
    key: "externalEditorUrl",
    label: "External editor",
    description: "TRY NOW on the home page.",
  },
  {
    key: "petitionUrl",
    label: "Petition",
    description: "Linked from banned apps on the Apps & Tools page.",
  },
];

/** The settings form: every setting, saved together; the defaults marked as such. */
export function SettingsForm({ state }: { state: SiteSettingsState }) {
  const toast = useToast();
  const update = useUpdateSettings();
  const revalidator = useRevalidator();
  const form = useZodForm(SiteSettingsSchema, { defaultValues: state.settings });
  // The version the form's values came from: a refetch in the background must not move it, or a
  // save would undo someone else's changes instead of being refused.
  const baseVersion = React.useRef(state.version);
  const fromDefaults = new Set(state.fromDefaults);
  const label = (key: SiteSettingKey, text: string) => (
    <SettingLabel text={text} isDefault={fromDefaults.has(key)} />
  );

  async function onSubmit(input: SiteSettings) {
    try {
      const saved = await update.mutateAsync({ input, version: baseVersion.current });
      baseVersion.current = saved.version;
      form.reset(saved.settings);
      toast({ title: "Settings saved", description: "The public pages show them now." });
      // The navigation and footer around the dashboard read the settings too.
      void revalidator.revalidate();
    } catch (error) {
      if (isApiError(error, 401)) return;
      if (isApiError(error, 400)) applyFieldErrors(form, error.errors);
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to save the settings"),
        variant: "destructive",
      });
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-6" aria-label="Site settings">
      <p className="text-sm text-zinc-400">
        {state.updatedAt
          ? `Last saved on ${formatLongDate(state.updatedAt)} by ${state.updatedBy ?? "someone"}.`
          : "Never saved: the public pages show the defaults from the server's configuration. Saving stores every setting."}
      </p>

      <Card
        as="section"
        layout="plain"
        className="space-y-4 p-5 sm:p-6"
        aria-labelledby="s-company"
      >
        <h2 id="s-company" className="text-lg font-semibold text-white">
          Company
        </h2>
        <FormField
          name="companyName"
          label={label("companyName", "Company name")}
          description={`In page titles, the navigation and the footer. At most ${MAX_COMPANY_NAME_LENGTH} characters.`}
          render={(field, control) => (
            <Input {...field} {...control} autoComplete="organization" value={field.value ?? ""} />
          )}
        />
        <FormField
          name="tagline"
          label={label("tagline", "Tagline")}
          description={`A short line on the home page and in the footer; empty for none. At most ${MAX_TAGLINE_LENGTH} characters.`}
          render={(field, control) => (
            <Input {...field} {...control} autoComplete="off" value={field.value ?? ""} />
          )}
        />
      </Card>

      <Card as="section" layout="plain" className="space-y-4 p-5 sm:p-6" aria-labelledby="s-links">
        <h2 id="s-links" className="text-lg font-semibold text-white">
          Links
        </h2>
        <p className="text-sm text-zinc-400">
          Each one an https:// address; they open in a new tab.
        </p>
        {LINK_FIELDS.map(({ key, label: text, description }) => (
          <FormField
            key={key}
            name={key}
            label={label(key, text)}
            description={description}
            render={(field, control) => (
              <Input
                {...field}
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://"
                autoComplete="off"
                value={field.value ?? ""}
              />
            )}
          />
        ))}
      </Card>

      <Card as="section" layout="plain" className="space-y-4 p-5 sm:p-6" aria-labelledby="s-share">
        <h2 id="s-share" className="text-lg font-semibold text-white">
          Share previews
          {fromDefaults.has("defaultSocialImage") ? <DefaultBadge /> : null}
        </h2>
        <ImageField
          variant="address"
          name="defaultSocialImage"
          label="Share image"
          description="The default social image: what a shared page shows when it has no picture of its own. A PNG or JPEG of 1200x630 px, or an https:// address; empty for none."
          previewClassName="h-12 w-16"
        />
      </Card>

      <Card as="section" layout="plain" className="space-y-4 p-5 sm:p-6" aria-labelledby="s-footer">
        <h2 id="s-footer" className="text-lg font-semibold text-white">
          Footer links{fromDefaults.has("footerLinks") ? <DefaultBadge /> : null}
        </h2>
        <FooterLinksField />
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save settings"}
        </Button>
      </div>
    </Form>
  );
}

function SettingLabel({ text, isDefault }: { text: string; isDefault: boolean }) {
  return (
    <>
      {text}
      {isDefault ? <DefaultBadge /> : null}
    </>
  );
}

/** Marks a setting never saved: its value is the server's default. */
function DefaultBadge() {
  return (
    <Badge
      variant="neutral"
      className="ml-2 align-middle"
      title="From the server's configuration; not saved yet"
    >
      Default
    </Badge>
  );
}

/**
 * Puts the server's field errors (`errors` of a 400) on the fields, footer links' fields
 * (`footerLinks.2.href`) included.
 */
function applyFieldErrors(form: UseFormReturn<SiteSettings>, errors: Record<string, string>) {
  const known = new Set(Object.keys(form.getValues()));
  for (const [path, message] of Object.entries(errors)) {
    if (!known.has(path.split(".")[0] ?? "")) continue;
    form.setError(path as FieldPath<SiteSettings>, { type: "server", message });
  }
}
