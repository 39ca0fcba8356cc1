import { escapeMarkup } from "#common/format.ts";
import type { MailMessage } from "./mailer.server.ts";

// The double opt-in mail (docs/decisions/027-double-opt-in-and-unsubscribe.md); the queue that
// sends it is server/jobs/confirmation-sender.server.ts.

/** The confirmation mail of a pending subscriber. */
export function confirmationMessage({
  to,
  link,
  companyName,
}: {
  to: string;
  /** The subscriber's own signed confirmation link. */
  link: string;
  companyName: string;
}): MailMessage {
  const company = companyName.replace(/[\r\n\u2028\u2029\u0085]+/g, " ").trim();
  const text = [
    `Hello,`,
    "",
    `someone, hopefully you, asked to get the ${company} newsletter at this address.`,
    "To confirm, open this link (it works for 7 days):",
    "",
    link,
    "",
    "If it was not you, ignore this mail: without a confirmation you get no newsletter,",
    "and the address is deleted in 30 days.",
    "",
    company,
  ].join("\n");
  const name = escapeMarkup(company);
  const href = escapeMarkup(link);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Confirm your subscription</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5">
<p>Hello,</p>
<p>someone, hopefully you, asked to get the ${name} newsletter at this address.</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#16a34a;color:#ffffff;text-decoration:none;border-radius:6px">Confirm my subscription</a></p>
<p>Or open this link (it works for 7 days):<br><a href="${href}">${href}</a></p>
<p>If it was not you, ignore this mail: without a confirmation you get no newsletter, and the address is deleted in 30 days.</p>
<p>${name}</p>
</body></html>`;
  return {
    to,
    subject: `Please confirm your subscription to the ${company} newsletter`,
    html,
    text,
  };
}
