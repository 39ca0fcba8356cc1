import { SaveIcon, SendIcon } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { FormField } from "#app/components/ui/form.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import type { PostEditorValues } from "#app/features/posts/post-form.ts";
import type { TimeZoneOption } from "#app/features/posts/time-zones.ts";
import { formatLongDate } from "#common/format.ts";

/**
 * The side panel 'Post Settings' (docs/product.md#editor): status, the scheduled time and time zone
 * when scheduled, Publish Now and Save Draft.
 */
export function PostSettingsPanel({
  zones,
  publishedAt,
  saving,
  onPublish,
  onSaveDraft,
}: {
  zones: TimeZoneOption[];
  /** When the post was first published, if it has been. */
  publishedAt: string | null;
  saving: boolean;
  onPublish: () => void;
  onSaveDraft: () => void;
}) {
  const { control } = useFormContext<PostEditorValues>();
  const status = useWatch({ control, name: "status" });
  return (
    <Card
      as="section"
      aria-labelledby="post-settings-title"
      layout="plain"
      className="space-y-5 p-5"
    >
      <h2 id="post-settings-title" className="text-lg font-bold text-white">
        Post Settings
      </h2>
      <FormField
        name="status"
        label="Status"
        render={(field, props) => (
          <NativeSelect {...field} {...props} value={field.value ?? "draft"}>
            <option value="draft">Draft</option>
            <option value="published">Published</option>
            <option value="scheduled">Scheduled</option>
          </NativeSelect>
        )}
      />
      {status === "scheduled" ? (
        <>
          <FormField
            name="scheduledAt"
            label="Scheduled date and time"
            render={(field, props) => (
              <Input
                {...field}
                {...props}
                type="datetime-local"
                value={field.value ?? ""}
                className="[color-scheme:dark]"
              />
            )}
          />
          <FormField
            name="timezone"
            label="Time zone"
            render={(field, props) => (
              <NativeSelect {...field} {...props} value={field.value ?? ""}>
                {zones.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </>
      ) : null}
      {publishedAt ? (
        <p className="text-sm text-zinc-400">
          First published on{" "}
          <time dateTime={publishedAt} className="text-zinc-200">
            {formatLongDate(publishedAt)}
          </time>
          .
        </p>
      ) : null}
      <div className="grid gap-2">
        <Button type="button" onClick={onPublish} disabled={saving}>
          <SendIcon aria-hidden="true" />
          Publish Now
        </Button>
        <Button type="button" variant="secondary" onClick={onSaveDraft} disabled={saving}>
          <SaveIcon aria-hidden="true" />
          Save Draft
        </Button>
      </div>
    </Card>
  );
}
