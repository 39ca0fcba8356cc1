import type { Config } from "#server/config/env.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { asMailError, type Mailer } from "#server/mail/mailer.server.ts";
import { type NewsletterContent, personalize } from "#server/mail/newsletter-message.server.ts";
import { unsubscribeUrl } from "#server/services/subscriber-links.server.ts";
import { type ClaimedDelivery, sendingContent, turnOf } from "./newsletter-deliveries.server.ts";
import { paceInterval, takeSlot } from "./newsletter-pace.server.ts";

// The newsletter worker's second step (newsletter-worker.server.ts): handing one claimed copy to
// the mail server, at the site's pace, and saying what became of it. Nothing here writes the
// outcome: the third step does (newsletter-record.server.ts).

/** What became of a copy, as the record step writes it. */
export type CopyOutcome =
  /** The delivery is no longer this process's (its claim ran out and another took it). */
  | { kind: "not-ours" }
  /** The subscriber is no longer active, or the sending's content is gone: nothing was sent. */
  | { kind: "skipped"; at: Date }
  /** The mail server took it. */
  | { kind: "sent"; at: Date; messageId: string }
  /**
   * The mail server refused it; `retryAt` when a temporary refusal may be tried again; `bounced`
   * when the server answered 5xx, which marks the address Bounced (docs/decisions/036-bounces.md).
   */
  | { kind: "refused"; at: Date; error: string; retryAt: Date | null; bounced: boolean };

/** How long a copy waits after its `attempts`-th temporary refusal: doubling from `retryMs`. */
export function retryDelay(retryMs: number, attempts: number): number {
  return retryMs * 2 ** Math.max(0, attempts - 1);
}

export type CopySenderOptions = {
  /** Who claimed the copies. */
  holder: string;
  mailer: Mailer;
  /** Hand-overs a copy gets in all before a temporary refusal counts as a failure. */
  maxAttempts: number;
};

/** Hands claimed copies over to the mail server, one per call; lanes call it side by side. */
export class CopySender {
  readonly #db: Db;
  readonly #config: Config;
  readonly #options: CopySenderOptions;
  readonly #messageHost: string;
  /** The sendings' built messages, read once per sending (a few at a time are in progress). */
  readonly #contents = new Map<string, NewsletterContent | null>();

  constructor(db: Db, config: Config, options: CopySenderOptions) {
    this.#db = db;
    this.#config = config;
    this.#options = options;
    this.#messageHost = new URL(config.siteUrl).hostname;
  }

  /** Waits for the copy's slot in the site's pace, then hands it over if it is still due. */
  async send(delivery: ClaimedDelivery): Promise<CopyOutcome> {
    const db = this.#db;
    const { ratePerMinute } = this.#config.mail;
    if (ratePerMinute > 0) {
      const slot = await takeSlot(db, paceInterval(ratePerMinute));
      const wait = slot - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const turn = await turnOf(db, delivery.id, this.#options.holder);
    if (!turn.mine) return { kind: "not-ours" };
    const at = new Date();
    const content = await this.#contentOf(delivery.sendingId);
    if (turn.subscriberStatus !== "active" || !content) return { kind: "skipped", at };
    return this.#handOver(delivery, content);
  }

  async #handOver(delivery: ClaimedDelivery, content: NewsletterContent): Promise<CopyOutcome> {
    const { siteUrl, sessionSecret, mail } = this.#config;
    const link = unsubscribeUrl({ siteUrl, secret: sessionSecret }, delivery.subscriberId);
    const messageId = `<${delivery.id}@${this.#messageHost}>`;
    try {
      await this.#options.mailer.send({
        ...personalize(content, link),
        to: delivery.email,
        messageId,
        unsubscribeUrl: link,
      });
    } catch (thrown) {
      const error = asMailError(thrown);
      const attempts = delivery.attempts + 1;
      const at = new Date();
      const retryAt =
        error.temporary && attempts < this.#options.maxAttempts
          ? new Date(at.getTime() + retryDelay(mail.retryMs, attempts))
          : null;
      // Only the server's own permanent answer says the address is bad; a message the mailer
      // would not build (a permanent error without a reply code) says nothing about it.
      const bounced = !error.temporary && (error.responseCode ?? 0) >= 500;
      return { kind: "refused", at, error: error.message, retryAt, bounced };
    }
    return { kind: "sent", at: new Date(), messageId };
  }

  async #contentOf(sendingId: string): Promise<NewsletterContent | null> {
    if (!this.#contents.has(sendingId)) {
      if (this.#contents.size > 20) this.#contents.clear();
      this.#contents.set(sendingId, await sendingContent(this.#db, sendingId));
    }
    return this.#contents.get(sendingId) ?? null;
  }
}
