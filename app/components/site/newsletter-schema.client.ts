/**
 * The schema the server parses a newsletter address with. It comes with zod, which the home page
 * does not otherwise need, so the browser fetches it when the form is first used rather than
 * with the page. Browser-only (`.client`): the server has the schema in its own bundle already.
 */
export function loadNewsletterSchema() {
  return import("#common/schemas/subscriber.ts").then((module) => module.NewsletterInputSchema);
}
