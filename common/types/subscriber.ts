/**
 * A mailing-list subscriber as `GET /api/subscribers` sends it
 * (docs/product.md#employees-and-subscribers).
 */
export type Subscriber = {
  id: string;
  /** Trimmed and lower-cased when subscribed through the site. */
  email: string;
  /** When the address joined the list (ISO-8601). */
  createdAt: string;
};

/**
 * The Mailing List's counters, `GET /api/subscribers/stats`
 * (docs/product.md#mailing-list-section).
 */
export type SubscriberCounts = { total: number; thisMonth: number; thisWeek: number };
