import { SaveIcon, SendIcon } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { formatLongDate } from "../../../../common/format";
import type { PostEditorValues } from "../post-form";
import type { TimeZoneOption } from "../time-zones";

/**
 * The side panel 'Post Settings' (SPEC.md section 2): status, the scheduled time and time zone
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
    <section
      aria-labelledby="post-settings-title"
      className="space-y-5 rounded-xl bg-night-900 p-5 ring-1 ring-night-700"
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
    </section>
  );
}
