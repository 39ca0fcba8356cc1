import { Router } from "express";
import {
  MAILING_LIST_CONTENT_TYPE,
  mailingListCsv,
  mailingListFileName,
} from "#common/mailing-list.ts";
import { SUBSCRIBER_SORTS } from "#common/staff-lists.ts";
import { SUBSCRIBER_STATUSES, type SubscriberCounts } from "#common/types/subscriber.ts";
import { z } from "#common/zod.ts";
import {
  asksForPage,
  oneOf,
  pagedAnswer,
  staffListQuerySchema,
} from "#server/api/shared/list-query.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireEmployee } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { presentSubscriber } from "#server/presenters/subscriber.server.ts";
import {
  countSubscribers,
  deleteSubscriber,
  listSubscribers,
  pageSubscribers,
} from "#server/services/subscribers.server.ts";

const SubscriberPageQuerySchema = staffListQuerySchema(SUBSCRIBER_SORTS, {
  status: oneOf("status", SUBSCRIBER_STATUSES).optional(),
});

const MONTH_START_MESSAGE =
  "monthStart must be an ISO date and time with a zone, such as 2025-03-01T00:00:00+01:00.";

/** `?monthStart=`: when the month began where the dashboard is open; the UTC month's start by default. */
const StatsQuerySchema = z.object({
  monthStart: z.iso
    .datetime({ offset: true, error: MONTH_START_MESSAGE })
    .transform((value) => new Date(value))
    .optional(),
});

/**
 * The mailing list (docs/product/mail.md#mailing-list-section, docs/product/api.md#staff-calls):
 * staff only.
 */
export function subscribersRouter(context: ServerContext) {
  const { db } = context;
  const router = Router();
  router.use(requireEmployee(context));

  /**
   * The whole list, newest first; with any of `page`, `limit`, `sort` or `q`, one page of it
   * (docs/product/dashboard.md#staff-lists).
   */
  router.get("/", async (req, res) => {
    if (!asksForPage(req, SubscriberPageQuerySchema)) {
      res.json((await listSubscribers(db)).map(presentSubscriber));
      return;
    }
    const query = parseInput(SubscriberPageQuerySchema, req.query);
    const { rows, total } = await pageSubscribers(db, {
      page: query.page,
      pageSize: query.limit,
      sort: query.sort,
      term: query.q,
      status: query.status,
    });
    res.json(pagedAnswer(rows.map(presentSubscriber), total, query));
  });

  /** The section's counters (Active subscribers only), counted by the database. */
  router.get("/stats", async (req, res) => {
    const now = new Date();
    const { monthStart = utcMonthStart(now) } = parseInput(StatsQuerySchema, req.query);
    const counts: SubscriberCounts = await countSubscribers(db, { monthStart, now });
    res.json(counts);
  });

  /**
   * The Active subscribers as a CSV download, newest first (common/mailing-list.ts). Pending
   * addresses are left out: nobody agreed to get mail at them (decision 027).
   */
  router.get("/export", async (_req, res) => {
    const rows = await listSubscribers(db, { status: "active" });
    res
      .set("Content-Type", MAILING_LIST_CONTENT_TYPE)
      .set("Content-Disposition", `attachment; filename="${mailingListFileName(new Date())}"`)
      .send(mailingListCsv(rows.map(presentSubscriber)));
  });

  router.delete("/:id", async (req, res) => {
    await deleteSubscriber(db, req.params.id);
    res.status(204).end();
  });

  return router;
}

function utcMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
