import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import type { ScheduleChoice } from "#app/features/post-editor/post-actions.ts";
import type { TimeZoneOption } from "#app/features/post-editor/time-zones.ts";
import { localDateTimeToInstant } from "#common/scheduling.ts";

/** docs/product/editor.md#schedule-validation: scheduling without a date-time. */
export const SCHEDULE_REQUIRED_MESSAGE = "Please select a date and time";

/** docs/product/editor.md#schedule-validation: a time that has passed (the server says the same). */
export const SCHEDULE_PASSED_MESSAGE =
  "That time has already passed. Choose a later time, or publish the post now.";

/** The Schedule dialog's choice to send the post's newsletter with it. */
export const NEWSLETTER_ON_PUBLISH_LABEL = "E-mail it to subscribers when it goes live";

/**
 * The Schedule Post dialog (docs/product/editor.md#schedule-dialog): a date-time and one of the
 * dialog's time zones, whether that zone also becomes the post's Time zone (off unless
 * ticked), and whether the post's newsletter goes out when it goes live (as the post has it). A time that has passed is refused here; otherwise the editor saves the post as
 * scheduled (Schedule, Reschedule) and the dialog stays open until that save succeeds: a time the
 * server refuses shows its reason under the field.
 */
export function ScheduleDialog({
  open,
  onOpenChange,
  scheduledAt,
  timezone,
  zones,
  error = null,
  newsletterOnPublish,
  onSchedule,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The values to start from: the post's current schedule, if any. */
  scheduledAt: string;
  timezone: string;
  zones: TimeZoneOption[];
  /** Why the server refused the time last tried, if it did. */
  error?: string | null;
  /** Whether the post's newsletter already goes out when it goes live. */
  newsletterOnPublish: boolean;
  onSchedule: (choice: ScheduleChoice) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="schedule-dialog-description">
        {open ? (
          <ScheduleForm
            scheduledAt={scheduledAt}
            timezone={timezone}
            zones={zones}
            error={error}
            newsletterOnPublish={newsletterOnPublish}
            onSchedule={onSchedule}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({
  scheduledAt: initialAt,
  timezone: initialZone,
  zones,
  error: refused,
  newsletterOnPublish: initialNewsletter,
  onSchedule,
  onCancel,
}: {
  scheduledAt: string;
  timezone: string;
  zones: TimeZoneOption[];
  error: string | null;
  newsletterOnPublish: boolean;
  onSchedule: (choice: ScheduleChoice) => void;
  onCancel: () => void;
}) {
  const [scheduledAt, setScheduledAt] = React.useState(initialAt);
  const [timezone, setTimezone] = React.useState(
    zones.some((zone) => zone.value === initialZone) ? initialZone : (zones[0]?.value ?? "UTC"),
  );
  const [makePostZone, setMakePostZone] = React.useState(false);
  const [newsletterOnPublish, setNewsletterOnPublish] = React.useState(initialNewsletter);
  const [error, setError] = React.useState<string | null>(refused);
  const id = React.useId();
  // The server's refusal of the time just tried arrives after the dialog was sent off.
  React.useEffect(() => {
    if (refused) setError(refused);
  }, [refused]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // React bubbles events through portals: keep this form's submit out of the post form.
    event.stopPropagation();
    if (!scheduledAt) {
      setError(SCHEDULE_REQUIRED_MESSAGE);
      return;
    }
    const instant = localDateTimeToInstant(scheduledAt, timezone);
    if (instant !== null && Date.parse(instant) <= Date.now()) {
      setError(SCHEDULE_PASSED_MESSAGE);
      return;
    }
    onSchedule({ scheduledAt, timezone, makePostZone, newsletterOnPublish });
  }

  return (
    <>
      <DialogTitle>Schedule Post</DialogTitle>
      <DialogDescription id="schedule-dialog-description">
        The post goes live at this time in the chosen time zone.
      </DialogDescription>
      <form noValidate onSubmit={submit} className="space-y-4">
        <div>
          <Label htmlFor={`${id}-at`}>Date and time</Label>
          <Input
            id={`${id}-at`}
            type="datetime-local"
            value={scheduledAt}
            onChange={(event) => {
              setScheduledAt(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="[color-scheme:dark]"
          />
          {error ? (
            <p id={`${id}-error`} className="mt-1.5 text-sm text-redstone-400">
              {error}
            </p>
          ) : null}
        </div>
        <div>
          <Label htmlFor={`${id}-zone`}>Time zone</Label>
          <NativeSelect
            id={`${id}-zone`}
            value={timezone}
            onChange={(event) => setTimezone(event.target.value)}
          >
            {zones.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </NativeSelect>
          <label className="mt-2 flex items-center gap-2 text-sm text-zinc-200">
            <input
              type="checkbox"
              checked={makePostZone}
              onChange={(event) => setMakePostZone(event.target.checked)}
              className="size-4 accent-grass-500"
            />
            Also make this the post's zone
          </label>
        </div>
        <div>
          <label className="flex items-center gap-2 text-sm text-zinc-200">
            <input
              type="checkbox"
              checked={newsletterOnPublish}
              onChange={(event) => setNewsletterOnPublish(event.target.checked)}
              aria-describedby={`${id}-newsletter-hint`}
              className="size-4 accent-grass-500"
            />
            {NEWSLETTER_ON_PUBLISH_LABEL}
          </label>
          <p id={`${id}-newsletter-hint`} className="mt-1 text-xs text-zinc-400">
            The newsletter goes to every active subscriber as the post goes live, once.
          </p>
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Schedule Post</Button>
        </div>
      </form>
    </>
  );
}
