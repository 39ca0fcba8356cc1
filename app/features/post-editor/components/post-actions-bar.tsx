import {
  CalendarClockIcon,
  CalendarXIcon,
  CloudUploadIcon,
  EyeOffIcon,
  LoaderCircleIcon,
  type LucideIcon,
  SaveIcon,
  SendIcon,
} from "lucide-react";
import { Button, type ButtonProps } from "#app/components/ui/button.tsx";
import type { HeldPost } from "#app/features/post-editor/held-post.ts";
import {
  ACTION_LABELS,
  actionsFor,
  type EditorAction,
} from "#app/features/post-editor/post-actions.ts";

const ICONS: Record<EditorAction, LucideIcon> = {
  "save-draft": SaveIcon,
  schedule: CalendarClockIcon,
  publish: SendIcon,
  update: CloudUploadIcon,
  reschedule: CalendarClockIcon,
  unschedule: CalendarXIcon,
  "publish-now": SendIcon,
  unpublish: EyeOffIcon,
};

const VARIANTS: Record<EditorAction, ButtonProps["variant"]> = {
  "save-draft": "secondary",
  schedule: "outline",
  publish: "primary",
  update: "primary",
  reschedule: "outline",
  unschedule: "secondary",
  "publish-now": "outline",
  unpublish: "secondary",
};

/**
 * The editor's actions for what the server holds (docs/product/editor.md#editor): Save draft,
 * Schedule and Publish for a new post or a draft; Unschedule, Reschedule, Publish now and Update
 * for a scheduled post; Unpublish and Update for a published one. While one runs, every action
 * waits and the one pressed says `Saving...`.
 */
export function PostActionsBar({
  status,
  pending,
  onAction,
}: {
  status: HeldPost["status"];
  pending: EditorAction | null;
  onAction: (action: EditorAction) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Actions</legend>
      {actionsFor(status).map((action) => {
        const Icon = pending === action ? LoaderCircleIcon : ICONS[action];
        return (
          <Button
            key={action}
            type="button"
            variant={VARIANTS[action]}
            onClick={() => onAction(action)}
            disabled={pending !== null}
            aria-busy={pending === action ? true : undefined}
          >
            <Icon aria-hidden="true" className={pending === action ? "animate-spin" : undefined} />
            {pending === action ? "Saving..." : ACTION_LABELS[action]}
          </Button>
        );
      })}
    </fieldset>
  );
}
