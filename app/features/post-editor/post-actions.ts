import type { ToastInput } from "#app/components/ui/toast.tsx";
import { formatPostTime } from "#app/lib/staff-time.ts";
import { postPath } from "#common/paths.ts";
import { localDateTimeToInstant } from "#common/scheduling.ts";
import type { PostInput } from "#common/schemas/post.ts";
import type { Post } from "#common/types/post.ts";
import { effectiveStatus, type HeldPost } from "./held-post.ts";

/**
 * The editor's actions (docs/product/editor.md#editor), each named for what it does to the public
 * page: a draft is saved, scheduled or published; a scheduled post is updated (what goes live
 * changes, the time does not), rescheduled, unscheduled or published now; a published post is
 * updated (it stays live) or unpublished.
 */
export type EditorAction =
  | "save-draft"
  | "schedule"
  | "publish"
  | "update"
  | "reschedule"
  | "unschedule"
  | "publish-now"
  | "unpublish";

export const ACTION_LABELS: Record<EditorAction, string> = {
  "save-draft": "Save draft",
  schedule: "Schedule",
  publish: "Publish",
  update: "Update",
  reschedule: "Reschedule",
  unschedule: "Unschedule",
  "publish-now": "Publish now",
  unpublish: "Unpublish",
};

/** The actions offered for what the server holds, the main one last. */
export function actionsFor(status: HeldPost["status"]): EditorAction[] {
  if (status === "published") return ["unpublish", "update"];
  if (status === "scheduled") return ["unschedule", "reschedule", "publish-now", "update"];
  return ["save-draft", "schedule", "publish"];
}

/** The actions that pick a time in the Schedule dialog first. */
export function opensScheduleDialog(action: EditorAction): boolean {
  return action === "schedule" || action === "reschedule";
}

/**
 * A time chosen in the Schedule dialog: a wall-clock time and its zone, and whether the post's
 * newsletter goes out when it goes live.
 */
export type ChosenSchedule = {
  scheduledAt: string;
  timezone: string;
  newsletterOnPublish: boolean;
};

/** What the Schedule dialog hands over: the time, its zone, and whether that becomes the post's. */
export type ScheduleChoice = ChosenSchedule & { makePostZone: boolean };

/**
 * The post the action sends: the validated fields, with the status and schedule the action
 * means. The time zone chosen in Post Settings goes with every status. Updating a scheduled post
 * sends its stored instant, so a zone changed in the panel does not move the time it goes live.
 */
export function requestFor(
  action: EditorAction,
  input: PostInput,
  held: HeldPost,
  chosen: ChosenSchedule | null = null,
): PostInput {
  switch (action) {
    case "save-draft":
    case "unschedule":
    case "unpublish":
      return { ...input, status: "draft", scheduledAt: null };
    case "publish":
    case "publish-now":
      return { ...input, status: "published", scheduledAt: null };
    case "schedule":
    case "reschedule":
      if (chosen === null) throw new Error(`${action} needs a time from the Schedule dialog`);
      return { ...input, status: "scheduled", ...chosen };
    case "update":
      if (held.status === "scheduled") {
        return { ...input, status: "scheduled", scheduledAt: held.scheduledAt };
      }
      return { ...input, status: "published", scheduledAt: null };
  }
}

/**
 * The time the Schedule dialog hands over, as it is sent: in the dialog's zone when the person
 * made that the post's zone; otherwise as the instant it stands for, with the post's own zone
 * (which the server then keeps).
 */
export function scheduleToSend(
  { scheduledAt, timezone, makePostZone, newsletterOnPublish }: ScheduleChoice,
  postZone: string,
): ChosenSchedule {
  const instant = makePostZone ? null : localDateTimeToInstant(scheduledAt, timezone);
  return instant === null
    ? { scheduledAt, timezone, newsletterOnPublish }
    : { scheduledAt: instant, timezone: postZone, newsletterOnPublish };
}

/**
 * A scheduled time as staff screens show it (app/lib/staff-time.ts): the viewer's clock, and the
 * post's own where it reads differently, "14 Mar 2099, 01:00 (09:00 in Tokyo)".
 */
export function scheduleLabel(
  instant: string,
  timeZone: string | null,
  viewerZone: string | null,
): string {
  return formatPostTime(instant, timeZone, viewerZone);
}

/** What the Post Settings panel says the server holds (docs/product/editor.md#editor). */
export function statusSummary(
  held: HeldPost,
  viewerZone: string | null,
): { label: string; text: string } {
  switch (held.status) {
    case null:
      return {
        label: "Not saved yet",
        text: "Nothing is public until you publish. Save draft keeps it for later.",
      };
    case "draft":
      return { label: "Draft", text: "Draft: not on the public site until you publish it." };
    case "scheduled":
      return {
        label: "Scheduled",
        text: `Scheduled: goes live on ${held.scheduledAt ? scheduleLabel(held.scheduledAt, held.timezone, viewerZone) : "its scheduled time"}${held.newsletterOnPublish ? ", and is e-mailed to subscribers then" : ""}. Your changes are saved into it as you write: what this editor shows at "Saved" is what goes live.`,
      };
    case "published":
      return {
        label: "Published",
        text: "Published: the public page shows the last Update. Your changes are saved as you write but stay private until you press Update.",
      };
  }
}

/**
 * The toast after a successful action: what happened to the public page, and a link to it when
 * the post is public. Save draft, which keeps the writer in the editor, says "saved" unless it
 * created the post.
 */
export function savedToast(
  action: EditorAction,
  post: Post,
  { created, stayed, viewerZone }: { created: boolean; stayed: boolean; viewerZone: string },
): ToastInput {
  const title = created
    ? "Content created successfully!"
    : stayed && action === "save-draft"
      ? "Content saved successfully!"
      : "Content updated successfully!";
  const path = postPath(post.slug);
  const status = effectiveStatus(post.status, post.scheduledAt);
  const goesLive = post.scheduledAt
    ? scheduleLabel(post.scheduledAt, post.timezone, viewerZone)
    : "";
  const view = { label: "View post", href: path };
  if (status === "published") {
    const description =
      action === "update"
        ? `The public page ${path} shows this version.`
        : `Published: the public page is ${path}.`;
    return { title, description, action: view };
  }
  if (status === "scheduled") {
    const mailed = post.newsletterOnPublish ? " and is e-mailed to subscribers" : "";
    const description =
      action === "update"
        ? `Saved: this version goes live on ${goesLive}${mailed}.`
        : `Scheduled: it goes live on ${goesLive}${mailed}.`;
    return { title, description };
  }
  const description =
    action === "unpublish"
      ? `Back to draft: ${path} is no longer public.`
      : action === "unschedule"
        ? "Back to draft: it will not go live until you schedule or publish it."
        : "Saved as a draft: it is not on the public site.";
  return { title, description };
}

/**
 * The action Ctrl/Cmd+S takes for what the server holds: Save draft for a new post or a draft,
 * Update for a post scheduled for later (it saves into what goes live); none for a public post,
 * whose changes are saved (not published) by autosave.
 */
export function keyboardSaveAction(status: HeldPost["status"]): EditorAction | null {
  if (status === null || status === "draft") return "save-draft";
  if (status === "scheduled") return "update";
  return null;
}
