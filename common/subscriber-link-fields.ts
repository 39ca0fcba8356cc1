/**
 * The hidden fields of the forms on the mailed links' pages: the unsubscribe page sends what a
 * mail program's one-click POST sends (RFC 8058), and says that it is the page, which is then
 * shown again instead of a plain-text answer. Kept apart from the subscriber schemas: a page
 * that imports this must not bring the schema library into the public pages' shared code.
 */
export const SUBSCRIBER_LINK_FIELDS = {
  oneClick: { name: "List-Unsubscribe", value: "One-Click" },
  fromPage: "from-page",
} as const;
