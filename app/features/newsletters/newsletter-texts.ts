import { browserTimeZone } from "#app/lib/browser-time-zone.ts";
import { formatStaffTime } from "#app/lib/staff-time.ts";

// The words of the editor's "Send as newsletter" dialog (docs/product/mail.md#newsletters-section).

/** "1 subscriber", "1,204 subscribers". */
export function subscriberCount(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "subscriber" : "subscribers"}`;
}

/** The send button: "Send to 12 subscribers", or "Send again to 12 subscribers". */
export function sendLabel(recipients: number, lastSentAt: string | null): string {
  return `${lastSentAt ? "Send again" : "Send"} to ${subscriberCount(recipients)}`;
}

/** Whom the e-mail would reach now, in a sentence. */
export function reachText(recipients: number): string {
  if (recipients === 0) {
    return "There are no active subscribers yet, so there is no one to send it to.";
  }
  return `It will go to ${subscriberCount(recipients)}: every address on the mailing list that confirmed it wants the newsletter.`;
}

/** Said when the post was sent before. */
export function sentBeforeText(lastSentAt: string): string {
  return `This post was already sent as a newsletter on ${formatStaffTime(lastSentAt, browserTimeZone())}. Sending it again e-mails every active subscriber once more, including those who got it before.`;
}

/** The question asked before sending. */
export function confirmText(recipients: number, lastSentAt: string | null): string {
  return lastSentAt
    ? `Send this post again to ${subscriberCount(recipients)}? This cannot be stopped once it starts.`
    : `Send this post to ${subscriberCount(recipients)} now? This cannot be stopped once it starts.`;
}

/** The toast after "Send a test to me". */
export function testSentText(sentTo: string, outbox: boolean): string {
  return outbox
    ? `No mail server is set up, so the test e-mail to ${sentTo} was written to the outbox folder.`
    : `A test e-mail is on its way to ${sentTo}.`;
}

/** "1 address", "12 addresses". */
export function addressCount(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "address" : "addresses"}`;
}

/** The question before "Remove these addresses". */
export function removeFailedQuestion(count: number): { title: string; description: string } {
  return {
    title: "Remove these addresses?",
    description: `Remove the ${addressCount(count)} this newsletter could not reach from the mailing list? They will get no more newsletters unless they subscribe again.`,
  };
}

/** The toast after "Remove these addresses". */
export function removedText(count: number): string {
  return `Removed ${addressCount(count)} from the mailing list.`;
}

/** The toast after "Retry failed". */
export function retriedText(count: number): string {
  if (count === 0) return "No failed copy goes to an address that is still active.";
  return `${count.toLocaleString("en-US")} failed ${count === 1 ? "copy is" : "copies are"} being sent again.`;
}

/** When a copy refused for now is tried again: "Next try at 14 Mar 2027, 14:03". */
export function nextTryText(at: string): string {
  return `Next try at ${formatStaffTime(at, browserTimeZone())}`;
}
