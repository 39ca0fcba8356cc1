import type { Db } from "#server/db/db.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { POST_SPEC_CONTENT } from "./post-content.ts";

/**
 * Two posts news.spec.ts reads, added by the setup project (public.setup.ts) like the post
 * page's: one written first and published last, one written later and published at once. Both
 * are years old, so they stay out of every "latest" list and sort below everything else.
 */
export const NEWS_SPEC_CONTENT = {
  writtenFirst: {
    slug: `written-first-published-last-${POST_SPEC_CONTENT.run}`,
    title: `Written First, Published Last ${POST_SPEC_CONTENT.run}`,
    createdAt: "2019-01-10T09:00:00.000Z",
    publishedAt: "2019-09-01T09:00:00.000Z",
  },
  writtenLater: {
    slug: `written-later-published-at-once-${POST_SPEC_CONTENT.run}`,
    title: `Written Later, Published at Once ${POST_SPEC_CONTENT.run}`,
    createdAt: "2019-05-01T09:00:00.000Z",
    publishedAt: "2019-05-01T10:00:00.000Z",
  },
} as const;

/** Adds the posts that are not there yet; running it again adds nothing. */
export async function addNewsSpecContent(db: Db): Promise<void> {
  for (const post of Object.values(NEWS_SPEC_CONTENT)) {
    const existing = await db
      .selectFrom("posts")
      .select("id")
      .where("slug", "=", post.slug)
      .executeTakeFirst();
    if (!existing) await createPost(db, { ...post, excerpt: `${post.title}.` });
  }
}
