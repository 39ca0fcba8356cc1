import { escapeMarkup } from "#common/format.ts";
import type { Config } from "#server/config/env.server.ts";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { currentSiteSettings } from "#server/services/site-settings.server.ts";
import {
  type ConfirmationClaim,
  claimConfirmation,
  releaseConfirmation,
} from "#server/services/subscriber-consent.server.ts";
import { confirmationUrl } from "#server/services/subscriber-links.server.ts";
import { MailError, type MailMessage, mailerFor } from "./mailer.server.ts";

// The double opt-in mail (docs/decisions/027-double-opt-in-and-unsubscribe.md). Requests and
// imports only queue an address; one worker per process sends the queue's mails one after the
// other, after the request has been answered, so neither the time a subscribe takes nor an
// import's size depends on the mail server.

/** Addresses a process keeps waiting; beyond, the upkeep job finds them later (never mailed). */
const MAX_QUEUED = 20_000;

/** The confirmation mail of a pending subscriber. */
export function confirmationMessage(
  { siteUrl, secret, companyName }: { siteUrl: string; secret: string; companyName: string },
  claim: { id: string; email: string },
  now = new Date(),
): MailMessage {
  const link = confirmationUrl({ siteUrl, secret }, claim.id, now);
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
    to: claim.email,
    subject: `Please confirm your subscription to the ${company} newsletter`,
    html,
    text,
  };
}

export type ConfirmationSender = {
  /** Queues the confirmation of these addresses; each is mailed only if it may be (claim). */
  enqueue: (emails: readonly string[]) => void;
  /** Resolves once the queue is empty and nothing is being sent. */
  idle: () => Promise<void>;
  /**
   * At shutdown: forgets the queue (its rows stay pending with no mail sent, and the upkeep job
   * of the next start queues them again), takes no more, and waits for the mail being sent.
   */
  stop: () => Promise<void>;
};

const senders = new WeakMap<Config, ConfirmationSender>();

/** The process's confirmation sender for this configuration, made on first use. */
export function confirmationSenderFor(db: Db, config: Config): ConfirmationSender {
  let sender = senders.get(config);
  if (!sender) {
    sender = createConfirmationSender(db, config);
    senders.set(config, sender);
  }
  return sender;
}

function createConfirmationSender(db: Db, config: Config): ConfirmationSender {
  const queue: string[] = [];
  const queued = new Set<string>();
  let running: Promise<void> | null = null;
  let stopped = false;

  const sendOne = async (email: string) => {
    let claim: ConfirmationClaim | null = null;
    try {
      claim = await claimConfirmation(db, email);
      if (!claim) return;
      const { companyName } = await currentSiteSettings(db, config.siteDefaults);
      const message = confirmationMessage(
        { siteUrl: config.siteUrl, secret: config.sessionSecret, companyName },
        claim,
      );
      await mailerFor(config).send(message);
    } catch (error) {
      const temporary = !(error instanceof MailError) || error.temporary;
      logger.error(
        `The confirmation mail to ${email} was not sent (${describe(error)}); ${
          temporary ? "a new request or the next upkeep run tries again" : "the address refused it"
        }.`,
      );
      // A permanent refusal (5xx) keeps its time: only a new request, 10 minutes on, tries again.
      if (claim && temporary) {
        await releaseConfirmation(db, claim).catch((release: unknown) => {
          logger.error(`Could not release the confirmation of ${email}: ${describe(release)}`);
        });
      }
    }
  };

  const kick = () => {
    if (running || queue.length === 0) return;
    running = work().finally(() => {
      running = null;
      kick();
    });
  };

  const work = async () => {
    for (let email = queue.shift(); email !== undefined; email = queue.shift()) {
      queued.delete(email);
      await sendOne(email);
    }
  };

  return {
    enqueue: (emails) => {
      if (stopped) return;
      for (const email of emails) {
        if (queued.has(email) || queue.length >= MAX_QUEUED) continue;
        queued.add(email);
        queue.push(email);
      }
      kick();
    },
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      queue.length = 0;
      queued.clear();
      while (running) await running;
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
