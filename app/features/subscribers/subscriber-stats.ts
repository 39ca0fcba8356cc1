/**
 * When the current calendar month began where the dashboard is open (the browser's own time
 * zone): midnight on the 1st. The server counts "This Month" from it, since only the browser
 * knows its zone (docs/product/mail.md#mailing-list-section).
 */
export function monthStart(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), 1);
}
