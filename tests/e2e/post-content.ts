import { createHash } from "node:crypto";
import type { Db } from "#server/db/db.server.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";

const DAY = 24 * 3_600_000;

/**
 * A name for this run's e2e database (E2E_DATA_DIR is made once per run by the runner and
 * inherited by every worker), so the setup and the spec agree on it without talking.
 */
const run = createHash("sha256")
  .update(process.env.E2E_DATA_DIR ?? "")
  .digest("hex")
  .slice(0, 6);

/**
 * The posts post.spec.ts reads, published ones among them. They are added by the setup project
 * (public.setup.ts) before any public spec runs: the public specs compare whole lists (news,
 * studio) with the API, so a post published while they run would make them fail by chance.
 */
export const POST_SPEC_CONTENT = {
  run,
  slugs: {
    hostile: `hostile-markup-${run}`,
    brokenImage: `broken-image-${run}`,
    rawPackType: `raw-pack-type-${run}`,
    draft: `unpublished-draft-${run}`,
    future: `scheduled-next-week-${run}`,
  },
  hostileTitle: "</script><script>alert(1)</script>",
  hostileExcerpt: "</script><script>alert(2)</script> & <!-- \u2028",
  brokenImageTitle: `Broken Image ${run}`,
  brokenImageFile: `missing-e2e-${run}.png`,
  longTags: [
    "massive worldwide marketplace winter mashup worlds",
    "behind the scenes with our wonderful world makers",
  ],
} as const;

/**
 * Adds the posts that are not there yet; dated long ago, so they stay out of every "latest"
 * list. Running it again adds nothing.
 */
export async function addPostSpecContent(db: Db): Promise<void> {
  const { slugs } = POST_SPEC_CONTENT;
  const existing = new Set(
    (
      await db
        .selectFrom("posts")
        .select("slug")
        .where("slug", "in", Object.values(slugs))
        .execute()
    ).map((row) => row.slug),
  );
  const old = (days: number) => fromNow(-days * DAY);
  const posts: Parameters<typeof createPost>[1][] = [
    {
      slug: slugs.hostile,
      title: POST_SPEC_CONTENT.hostileTitle,
      excerpt: POST_SPEC_CONTENT.hostileExcerpt,
      createdAt: old(400),
      tags: ["</script><script>alert(5)</script>"],
      content: [
        "<p>Safe paragraph survives.</p>",
        "<img src=x onerror=alert(3)>",
        "<script>alert(4)</script>",
        '<p><a href="javascript:alert(6)">bad link</a> <a href="https://example.com/x">outside</a></p>',
        "<svg onload=alert(7)><circle r=1></circle></svg>",
        '<iframe src="https://evil.example/embed"></iframe>',
        '<p style="position:fixed;inset:0" onmouseover="alert(8)">hover me</p>',
        '<form action="javascript:alert(9)"><button>go</button></form>',
      ].join(""),
    },
    {
      slug: slugs.brokenImage,
      title: POST_SPEC_CONTENT.brokenImageTitle,
      createdAt: old(401),
      featuredImage: POST_SPEC_CONTENT.brokenImageFile,
    },
    {
      slug: slugs.rawPackType,
      title: `Persona Pack ${run}`,
      category: "marketplace-content",
      packType: "persona",
      createdAt: old(402),
      // Long tags of several words, which wrap on a phone.
      tags: [...POST_SPEC_CONTENT.longTags],
    },
    { slug: slugs.draft, status: "draft", createdAt: old(403) },
    {
      slug: slugs.future,
      status: "scheduled",
      scheduledAt: fromNow(7 * DAY),
      createdAt: old(404),
    },
  ];
  for (const post of posts) {
    if (post?.slug && !existing.has(post.slug)) await createPost(db, post);
  }
}
