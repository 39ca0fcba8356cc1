import { browserTimeZone } from "./browser-time-zone.ts";
import { formatStaffTime } from "./staff-time.ts";

/**
 * When something was saved, as staff screens show a time (staff-time.ts): in the browser's zone,
 * always with the date, "14 Mar 2027, 12:03". The restore offer, the autosave indicator, the
 * unpublished-changes notice and the History all say it this way (docs/product/editor.md#editor).
 */
export function savedTimeLabel(at: string | number): string {
  return formatStaffTime(new Date(at).toISOString(), browserTimeZone());
}
