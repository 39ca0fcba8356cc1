import { loadConfig } from "#server/config/env.server.ts";
import type { NewsletterSite } from "#server/services/post-newsletter.server.ts";

/**
 * What a newsletter is built with besides the post, as a server with this address and no other
 * configuration has it (the site settings' defaults), for tests that build newsletters without a
 * server. Nothing is written anywhere: the session secret is given.
 */
export function testNewsletterSite(siteUrl = "https://studio.example"): NewsletterSite {
  const { siteDefaults } = loadConfig({
    DATA_DIR: "/nonexistent",
    SESSION_SECRET: "a-session-secret-for-tests-only-0123456789",
    SITE_URL: siteUrl,
  });
  return { siteUrl, siteDefaults };
}
