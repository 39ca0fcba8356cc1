import { escapeMarkup } from "#common/format.ts";
import type { MailMessage } from "./mailer.server.ts";

// The staff account's e-mails: an invitation to the dashboard and a password reset link. Every
// name in them is someone's own typing: in the body it is escaped, and in the subject it is
// folded onto one line, so it can neither add markup nor start a header of its own.

/** Any run of line breaks, tabs and other control characters becomes one space. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point.
  return text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, " ").trim();
}

/** An instant as people read it in an e-mail: "5 March 2026 at 14:05 UTC". */
export function mailDateTime(iso: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
  const time = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  }).format(date);
  return `${day} at ${time} UTC`;
}

/** What an invitation e-mail says. */
export type InvitationMailSource = {
  to: string;
  firstName: string;
  companyName: string;
  /** Who invited them: the admin's name, or their e-mail when the record has no name. */
  invitedBy: string;
  url: string;
  expiresAt: string;
};

export function invitationMessage(source: InvitationMailSource): MailMessage {
  const company = oneLine(source.companyName);
  const inviter = oneLine(source.invitedBy);
  const firstName = oneLine(source.firstName);
  const expires = mailDateTime(source.expiresAt);
  const lines = [
    `Hello ${firstName},`,
    `${inviter} invited you to the staff dashboard of ${company}.`,
    "Open this link to choose your password and sign in:",
    source.url,
    `The link works once, until ${expires}. If it has expired, ask an admin for a new one.`,
    "If you did not expect this invitation, you can ignore this e-mail.",
  ];
  return {
    to: source.to,
    subject: `${inviter} invited you to ${company}`,
    text: `${lines.join("\n\n")}\n`,
    html: page(company, [
      `<p>Hello ${escapeMarkup(firstName)},</p>`,
      `<p>${escapeMarkup(inviter)} invited you to the staff dashboard of ${escapeMarkup(company)}.</p>`,
      button(source.url, "Choose your password"),
      `<p>Or copy this link into your browser:<br><a href="${escapeMarkup(source.url)}">${escapeMarkup(source.url)}</a></p>`,
      `<p>The link works once, until ${escapeMarkup(expires)}. If it has expired, ask an admin for a new one.</p>`,
      "<p>If you did not expect this invitation, you can ignore this e-mail.</p>",
    ]),
  };
}

/** What a password reset e-mail says. */
export type ResetMailSource = {
  to: string;
  name: string;
  companyName: string;
  url: string;
  expiresAt: string;
};

export function passwordResetMessage(source: ResetMailSource): MailMessage {
  const company = oneLine(source.companyName);
  const name = oneLine(source.name);
  const expires = mailDateTime(source.expiresAt);
  const greeting = name ? `Hello ${name},` : "Hello,";
  const lines = [
    greeting,
    `Someone asked to reset the password of your ${company} staff account.`,
    "Open this link to choose a new password:",
    source.url,
    `The link works once, until ${expires}. Choosing a new password signs you out everywhere else.`,
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  ];
  return {
    to: source.to,
    subject: `Reset your ${company} password`,
    text: `${lines.join("\n\n")}\n`,
    html: page(company, [
      `<p>${escapeMarkup(greeting)}</p>`,
      `<p>Someone asked to reset the password of your ${escapeMarkup(company)} staff account.</p>`,
      button(source.url, "Choose a new password"),
      `<p>Or copy this link into your browser:<br><a href="${escapeMarkup(source.url)}">${escapeMarkup(source.url)}</a></p>`,
      `<p>The link works once, until ${escapeMarkup(expires)}. Choosing a new password signs you out everywhere else.</p>`,
      "<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>",
    ]),
  };
}

function button(url: string, label: string): string {
  return `<p><a href="${escapeMarkup(url)}" style="display:inline-block;background:#15803d;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeMarkup(label)}</a></p>`;
}

function page(company: string, body: string[]): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeMarkup(company)}</title></head>`,
    '<body style="margin:0;background:#f4f4f5;font-family:Arial,sans-serif;color:#18181b">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px">',
    ...body,
    `<p style="font-size:12px;color:#52525b;margin-top:32px">${escapeMarkup(company)}</p>`,
    "</div></body></html>",
  ].join("");
}
