import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "#server/db/db.server.ts";
import { publishDuePosts } from "#server/jobs/publish-scheduled.server.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { testNewsletterSite } from "#tests/helpers/newsletter-site.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { HAND_OFF_BATCH, handOverPlannedNewsletters } from "./newsletter-plans.server.ts";
import { countActiveSubscribers, startSending } from "./newsletter-sendings.server.ts";
import { postNewsletter } from "./post-newsletter.server.ts";

const SITE = testNewsletterSite();
const HOUR = 3_600_000;

describeEachDatabase("newsletters planned for a post's publication", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await createSubscriber(db());
    await createSubscriber(db());
    await createSubscriber(db(), { status: "pending" });
  });
  afterAll(() => database?.destroy());
  const db = () => database.handle.db;

  /** A post with a planned newsletter, by `requestedBy`. */
  async function plannedPost(status: string, scheduledAt: string | null, requestedBy = "staff-1") {
    const post = await createPost(db(), { status, scheduledAt });
    await db()
      .updateTable("posts")
      .set({ newsletterOnPublish: true, newsletterRequestedBy: requestedBy })
      .where("id", "=", post.id)
      .execute();
    return post;
  }

  const sendingsOf = (postId: string) =>
    db()
      .selectFrom("newsletter_sendings")
      .select(["id", "total", "createdById", "postTitle", "status"])
      .where("postId", "=", postId)
      .execute();

  const planOf = async (postId: string) =>
    db()
      .selectFrom("posts")
      .select(["newsletterOnPublish", "newsletterRequestedBy", "status"])
      .where("id", "=", postId)
      .executeTakeFirstOrThrow()
      .then((row) => ({ ...row, newsletterOnPublish: Boolean(row.newsletterOnPublish) }));

  it("starts the sending of a post that went live, once, to the active subscribers, as its planner", async () => {
    const post = await plannedPost("scheduled", fromNow(-1_000), "planner-1");
    const waiting = await plannedPost("scheduled", fromNow(HOUR));
    // Not public yet: nothing is handed over, however often the sweep runs.
    await handOverPlannedNewsletters(db(), SITE);
    expect(await sendingsOf(post.id)).toEqual([]);

    await publishDuePosts(db());
    const active = await countActiveSubscribers(db());
    expect(await handOverPlannedNewsletters(db(), SITE)).toBe(1);
    expect(await sendingsOf(post.id)).toEqual([
      expect.objectContaining({ total: active, createdById: "planner-1", postTitle: post.title }),
    ]);
    expect(await planOf(post.id)).toEqual({
      newsletterOnPublish: false,
      newsletterRequestedBy: null,
      status: "published",
    });
    // The next sweeps find nothing more to send.
    expect(await handOverPlannedNewsletters(db(), SITE)).toBe(0);
    expect(await sendingsOf(post.id)).toHaveLength(1);
    expect(await sendingsOf(waiting.id)).toEqual([]);
    expect((await planOf(waiting.id)).newsletterOnPublish).toBe(true);
  });

  it("hands a post published by hand over too, but never a draft", async () => {
    const published = await plannedPost("published", null);
    const draft = await plannedPost("draft", null);
    await handOverPlannedNewsletters(db(), SITE);
    expect(await sendingsOf(published.id)).toHaveLength(1);
    expect(await sendingsOf(draft.id)).toEqual([]);
  });

  it("a newsletter sent by hand calls the plan off: one sending for one publication", async () => {
    const post = await plannedPost("published", null);
    const row = await db()
      .selectFrom("posts")
      .selectAll()
      .where("id", "=", post.id)
      .executeTakeFirstOrThrow();
    const content = await postNewsletter(db(), SITE, row);
    await startSending(db(), { post: row, content, createdById: null, resend: false });
    expect(await handOverPlannedNewsletters(db(), SITE)).toBe(0);
    expect(await sendingsOf(post.id)).toHaveLength(1);
    expect((await planOf(post.id)).newsletterOnPublish).toBe(false);
  });

  it("two sweeps at once start each planned newsletter once", async () => {
    const posts = await Promise.all(
      Array.from({ length: HAND_OFF_BATCH / 2 }, (_, i) =>
        plannedPost("scheduled", fromNow(-HOUR - i)),
      ),
    );
    await publishDuePosts(db());
    // PostgreSQL: a second pool, as a second server process has. SQLite: one process's handle
    // (node:sqlite waits for a lock synchronously, so two handles in one process cannot take
    // turns; processes sharing a database use PostgreSQL).
    const second =
      kind === "postgres"
        ? openDatabase({
            databaseUrl: database.databaseUrl,
            dataDir: database.dataDir,
            schema: database.schema,
          })
        : null;
    try {
      const started = await Promise.all([
        handOverPlannedNewsletters(db(), SITE),
        handOverPlannedNewsletters(second?.db ?? db(), SITE),
      ]);
      expect(started[0] + started[1]).toBe(posts.length);
    } finally {
      await second?.close();
    }
    for (const post of posts) expect(await sendingsOf(post.id)).toHaveLength(1);
  });
});
