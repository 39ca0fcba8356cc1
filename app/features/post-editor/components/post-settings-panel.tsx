import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { FormField } from "#app/components/ui/form.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import type { HeldPost } from "#app/features/post-editor/held-post.ts";
import { statusSummary } from "#app/features/post-editor/post-actions.ts";
import type { TimeZoneOption } from "#app/features/post-editor/time-zones.ts";
import { useViewerZone } from "#app/lib/staff-time.ts";
import { formatLongDate } from "#common/format.ts";
import { postPath } from "#common/paths.ts";

/**
 * The side panel 'Post Settings' (docs/product/editor.md#editor): the status the server holds and
 * what it means for the public page (never a status picked before a save succeeded), the time zone
 * the post's times are chosen in, and when it was first published.
 */
export function PostSettingsPanel({
  held,
  zones,
  dirty,
  localCopyFailed,
}: {
  held: HeldPost;
  zones: TimeZoneOption[];
  /** Whether the form holds changes the server does not. */
  dirty: boolean;
  /** Whether this browser refused to keep a copy of the changes (its storage is full). */
  localCopyFailed: boolean;
}) {
  const summary = statusSummary(held, useViewerZone());
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
      <div data-slot="post-status" className="space-y-2">
        <p className="flex items-center gap-2 text-sm font-medium text-zinc-200">
          Status
          <Badge variant={held.status ? statusBadgeVariant(held.status) : "neutral"}>
            {summary.label}
          </Badge>
        </p>
        <p className="text-sm text-zinc-400">{summary.text}</p>
        {held.status === "published" && held.slug ? (
          <p className="text-sm text-zinc-400">
            Public page:{" "}
            <a href={postPath(held.slug)} target="_blank" rel="noopener" className="break-all">
              {postPath(held.slug)}
            </a>
          </p>
        ) : null}
        {dirty ? <p className="text-sm text-gold-300">You have unsaved changes.</p> : null}
        {localCopyFailed ? (
          <p className="text-sm text-redstone-400">
            This browser's storage is full, so it could not keep a copy of your latest changes. Save
            them before you leave.
          </p>
        ) : null}
      </div>
      <FormField
        name="timezone"
        label="Time zone"
        description="Scheduled times are chosen and shown in this zone."
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
      {held.publishedAt ? (
        <p className="text-sm text-zinc-400">
          First published on{" "}
          <time dateTime={held.publishedAt} className="text-zinc-200">
            {formatLongDate(held.publishedAt)}
          </time>
          .
        </p>
      ) : null}
    </Card>
  );
}
