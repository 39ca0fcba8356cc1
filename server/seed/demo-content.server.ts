import type { Config } from "#server/config/env.server.ts";
import { DEMO_APPS } from "./demo-apps.server.ts";
import {
  DAY,
  type DemoContent,
  type DemoSubscriber,
  demoContext,
  fillDemoApp,
  fillDemoPost,
} from "./demo-context.server.ts";
import { EARLIER_DEMO_POSTS } from "./demo-posts-earlier.server.ts";
import { RECENT_DEMO_POSTS } from "./demo-posts-recent.server.ts";

/**
 * The demo content an empty site starts with: the studio's news, videos and marketplace packs,
 * its apps and partners, and a few newsletter subscribers. Dates are relative to `now`, so a
 * fresh install always has recent posts, a release that is still coming and a post that is
 * scheduled for next week. Posts went public over the last seven months, each a few hours to
 * a week after it was written (packs on their release day), and some were edited again later,
 * so the order of publication differs from the order of writing as it does on a real site. Every URL points at the configured studio or at the marketplace's
 * own address pattern; video ids are placeholders the studio replaces with its own.
 */

/** Builds the demo content for the configured studio, dated around `now`. */
export function buildDemoContent(config: Config, now: Date): DemoContent {
  const context = demoContext(config, now);
  const { at } = context;
  const subscribers: DemoSubscriber[] = [
    { email: "maya.builds@example.com", createdAt: at(-1, -2) },
    { email: "redstone.ryan@example.org", createdAt: at(-4, -7) },
    { email: "pixel.paige@example.net", createdAt: earlierThisMonth(now) },
    { email: "jonas.kraft@example.com", createdAt: at(-41, -3) },
    { email: "sky.islander@example.org", createdAt: at(-97, -5) },
  ];
  return {
    posts: [...RECENT_DEMO_POSTS, ...EARLIER_DEMO_POSTS].map((post) => fillDemoPost(post, context)),
    apps: DEMO_APPS.map((app) => fillDemoApp(app, context)),
    subscribers,
  };
}

/**
 * A time this calendar month but more than a week ago, so the subscribers' "This Month" and
 * "This Week" counts differ; early in a month, when there is no such time, two days ago.
 */
function earlierThisMonth(now: Date): string {
  const weekAgo = now.getTime() - 8 * DAY;
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 12);
  return new Date(weekAgo > monthStart ? weekAgo : now.getTime() - 2 * DAY).toISOString();
}
