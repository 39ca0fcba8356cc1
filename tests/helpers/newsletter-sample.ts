import {
  buildNewsletter,
  markAsTest,
  type NewsletterSource,
  personalize,
} from "#server/mail/newsletter-message.server.ts";

// A newsletter with everything that can strain its layout: a cover image, pictures wider than
// any phone, long unbroken words and addresses, a table, a YouTube video, an image gallery with
// captions, a marketplace item card (as the newsletter gets it: a link), code, a quote.

const SITE = "https://studio.example.com";
const LONG_URL = `https://marketplace.example.com/item/${"a1b2c3d4".repeat(16)}?ref=newsletter`;
const LONG_WORD = "Supercalifragilistic".repeat(8);

const CONTENT = [
  "<h1>A heading in the post</h1>",
  `<p>Our new map is out. Read everything at <a href="${LONG_URL}">${LONG_URL}</a> or copy ${LONG_URL} into your browser.</p>`,
  `<p>${LONG_WORD} is the word of the week.</p>`,
  '<p><img src="/uploads/wide.png" alt="A very wide picture" width="2400" height="600"></p>',
  '<p><img src="/uploads/unsized.png" alt="A picture without a size"></p>',
  "<table><tr><td>Mode</td><td>Players</td><td>Map size</td><td>Difficulty</td><td>Release date</td></tr>",
  "<tr><td>Skyblock</td><td>1-4</td><td>256x256</td><td>Hard</td><td>2027-01-15</td></tr></table>",
  '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="640" height="480"></iframe></div>',
  '<div data-image-gallery=""><figure><img src="/uploads/gallery-1.png" alt="The gate"><figcaption>The gate at dawn, seen from the lava moat</figcaption></figure>',
  '<figure><img src="/uploads/gallery-2.png" alt="The moat"></figure></div>',
  '<p><a href="/post/skyblock-ruins-deluxe">Skyblock Ruins Deluxe</a></p>',
  `<blockquote><p>A quote with <code>${"codeWithoutSpaces".repeat(6)}</code> in it.</p></blockquote>`,
  `<pre><code>${"x".repeat(120)} = give_block("minecraft:diamond_block", 64)</code></pre>`,
  "<ul><li>First</li><li>Second, with a longer text that wraps on a phone screen</li></ul>",
].join("");

/** The e-mail as the sending's test copy is built: personalized, with the test banner on top. */
export async function builtNewsletter(
  overrides: Partial<NewsletterSource["post"]> = {},
): Promise<string> {
  const built = await buildNewsletter({
    post: {
      title: "Skyblock Ruins: the biggest update of the year is here",
      slug: "skyblock-ruins",
      excerpt: "A floating world of ruins.",
      content: CONTENT,
      featuredImage: "/uploads/cover.png",
      featuredImageAlt: "The cover",
      marketplaceUrl: LONG_URL,
      ...overrides,
    },
    companyName: "Override Studios",
    tagline: "Worlds for the Minecraft Marketplace",
    siteUrl: SITE,
  });
  return markAsTest(personalize(built, `${SITE}/unsubscribe/${"t".repeat(120)}`)).html;
}

/** The pictures the e-mail names, each at a size that is wider than any phone. */
export const PICTURES: Record<string, [number, number]> = {
  "/uploads/cover.png": [1600, 900],
  "/uploads/wide.png": [2400, 600],
  "/uploads/unsized.png": [1200, 800],
  "/uploads/gallery-1.png": [1600, 1200],
  "/uploads/gallery-2.png": [900, 1600],
  "/vi/dQw4w9WgXcQ/hqdefault.jpg": [480, 360],
};
