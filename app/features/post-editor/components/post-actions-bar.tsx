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
import { cn } from "#app/lib/cn.ts";

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
 * waits and the one pressed says `Saving...`. In the editor's header (`show="header"`) a phone
 * gets only the main action, the last; the bar under the header (`show="others"`) gives it the
 * rest, and nothing on wider screens.
 */
export function PostActionsBar({
  status,
  pending,
  onAction,
  show,
}: {
  status: HeldPost["status"];
  pending: EditorAction | null;
  onAction: (action: EditorAction) => void;
  show: "header" | "others";
}) {
  const actions = actionsFor(status);
  const main = actions[actions.length - 1];
  const shown = show === "header" ? actions : actions.filter((action) => action !== main);
  return (
    <fieldset className={cn("flex flex-wrap gap-2", show === "others" && "sm:hidden")}>
      <legend className="sr-only">{show === "header" ? "Actions" : "More actions"}</legend>
      {shown.map((action) => {
        const Icon = pending === action ? LoaderCircleIcon : ICONS[action];
        return (
          <Button
            key={action}
            type="button"
            variant={VARIANTS[action]}
            onClick={() => onAction(action)}
            disabled={pending !== null}
            aria-busy={pending === action ? true : undefined}
            className={show === "header" && action !== main ? "max-sm:hidden" : undefined}
          >
            <Icon aria-hidden="true" className={pending === action ? "animate-spin" : undefined} />
            {pending === action ? "Saving..." : ACTION_LABELS[action]}
          </Button>
        );
      })}
    </fieldset>
  );
}
