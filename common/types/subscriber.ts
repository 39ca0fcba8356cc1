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
