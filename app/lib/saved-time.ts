/**
 * When something was saved, in the browser's language and time zone: "12:03" for today, the
 * date before it for an earlier day. The restore offer, the autosave indicator, the
 * unpublished-changes notice and the History all say it this way (docs/product/editor.md#editor).
 */
export function savedTimeLabel(at: string | number, now: Date = new Date()): string {
  const date = new Date(at);
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(
    undefined,
    sameDay ? { hour: "2-digit", minute: "2-digit" } : { dateStyle: "medium", timeStyle: "short" },
  ).format(date);
}
