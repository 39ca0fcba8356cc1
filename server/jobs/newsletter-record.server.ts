import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { describeError } from "#server/errors.ts";
import { type GroupedWrite, groupCommitter } from "./group-commit.server.ts";
import {
  type ClaimedDelivery,
  recordRefusal,
  recordSent,
  recordSkipped,
} from "./newsletter-deliveries.server.ts";
import type { CopyOutcome } from "./newsletter-send.server.ts";

// The newsletter worker's third step (newsletter-worker.server.ts): writing what became of a
// copy before its lane takes the next, so at most one copy per lane is handed over and not yet
// recorded (docs/decisions/028-newsletter-sending.md).

/** Attempts at committing an outcome before it is given up (and the copy may be sent again). */
const RECORD_ATTEMPTS = 10;

/**
 * Records copies' outcomes, each with those of the other lanes waiting at the same moment (one
 * commit for all: group-commit.server.ts), retrying until it is committed.
 */
export class OutcomeRecorder {
  readonly #commit: (write: GroupedWrite) => Promise<boolean>;
  readonly #holder: string;

  constructor(db: Db, holder: string) {
    this.#commit = groupCommitter(db);
    this.#holder = holder;
  }

  async record(delivery: ClaimedDelivery, outcome: CopyOutcome): Promise<void> {
    const settle = { id: delivery.id, holder: this.#holder };
    switch (outcome.kind) {
      case "not-ours":
        return;
      case "skipped":
        return this.#write(`${delivery.id} skipped`, (trx) =>
          recordSkipped(trx, { ...settle, at: outcome.at }),
        );
      case "refused":
        return this.#write(`${delivery.id} refused`, (trx) =>
          recordRefusal(trx, {
            ...settle,
            at: outcome.at,
            error: outcome.error,
            retryAt: outcome.retryAt,
            bounceOf: outcome.bounced ? delivery.subscriberId : null,
          }),
        );
      case "sent":
        return this.#write(`${delivery.id} sent`, (trx) =>
          recordSent(trx, { ...settle, at: outcome.at, messageId: outcome.messageId }),
        );
    }
  }

  async #write(what: string, write: GroupedWrite): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (!(await this.#commit(write))) {
          logger.warn(`Newsletter delivery ${what}: it was no longer this process's to record.`);
        }
        return;
      } catch (error) {
        if (attempt >= RECORD_ATTEMPTS) {
          logger.error(
            `Newsletter delivery ${what} could not be recorded (${describeError(error)}); it may be sent again.`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 100 * 2 ** attempt)));
      }
    }
  }
}
