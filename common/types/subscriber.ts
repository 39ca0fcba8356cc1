/** A mailing-list subscriber as `GET /api/subscribers` sends it (SPEC.md section 3). */
export type Subscriber = {
  id: string;
  /** Trimmed and lower-cased when subscribed through the site. */
  email: string;
  /** When the address joined the list (ISO-8601). */
  createdAt: string;
};
