import { type DatedPost, postDateLine } from "#app/features/post-list/post-dates.ts";
import { browserTimeZone } from "#app/lib/browser-time-zone.ts";
import { useNow } from "#app/lib/use-now.ts";

/**
 * A dashboard card's date: the one that matters for the post's state (post-dates.ts). The
 * viewer's clock and zone are known only in the browser, so the server render and hydration
 * show the forms that do not depend on them, and the relative or local form follows.
 */
export function PostDateLine({
  post,
  shown = null,
}: {
  post: DatedPost;
  /** The date the list's date column is named after, when it is not the state's date. */
  shown?: "updatedAt" | null;
}) {
  const now = useNow();
  const line = postDateLine(
    post,
    now === null ? null : { now, timeZone: browserTimeZone() },
    shown,
  );
  return (
    <p className="text-xs text-zinc-400">
      {line.label}{" "}
      <time dateTime={line.dateTime} title={line.title}>
        {line.text}
      </time>
    </p>
  );
}
