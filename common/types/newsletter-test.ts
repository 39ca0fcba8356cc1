/** `POST /api/posts/{id}/newsletter/test`: where the test copy went. */
export type NewsletterTestSent = {
  /** The signed-in staff member's own address. */
  sentTo: string;
  /** True when no mail server is set up and the copy was written to the outbox folder. */
  outbox: boolean;
};
