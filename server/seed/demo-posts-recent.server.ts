import type { DemoPostData } from "./demo-context.server.ts";

/**
 * The demo posts of the last three weeks: a contest scheduled for next week, a draft, a release
 * still to come and the Pocket Dragons launch.
 */
export const RECENT_DEMO_POSTS: DemoPostData[] = [
  // Scheduled for next week: visible in the dashboard, not yet on the site.
  {
    title: "Community Build Contest: Floating Islands",
    slug: "community-build-contest-floating-islands",
    category: "news",
    author: "mara",
    status: "scheduled",
    scheduledAt: { days: 9, utcHour: 17 },
    timezone: "America/New_York",
    createdAt: [-1, -3],
    updatedAt: [-1, -1],
    excerpt:
      "Build a floating island in survival or creative, share three screenshots, and win a spot in our next world.",
    tags: ["community", "contest"],
    art: {
      palette: "frost",
      art: "block",
      label: "Contest",
      title: "Build Contest: Floating Islands",
    },
    content: `<p>Skyforge Citadel started as a single floating island sketched on a napkin. Now it's your turn. From today until the end of the month, the <strong>{{studioHtml}} Community Build Contest</strong> is open to everyone.</p>
<h2>The brief</h2>
<p>Build a floating island that tells a story. A lonely lighthouse, a sky pirate's hideout, a farm that drifted away from home: anything goes, as long as it floats.</p>
<h2>How to enter</h2>
<ol>
<li>Build your island in any world, survival or creative.</li>
<li>Take three screenshots: one wide shot, one close-up and one from your favourite spot.</li>
<li>Post them in the <code>#build-contest</code> channel on our {{communityLink}} with a one-line story.</li>
</ol>
<h2>Prizes</h2>
<ul>
<li><strong>Grand prize:</strong> your island, rebuilt by our team as a hidden area in our next world, with your name on the credits sign.</li>
<li><strong>Two runners-up:</strong> any three packs from our catalogue.</li>
<li><strong>Everyone who enters:</strong> an exclusive contest cape for the Neon Knights skin pack.</li>
</ul>
<blockquote><p>We judge on creativity and storytelling, not block count. A small island with a big idea beats a huge one with nothing to say.</p></blockquote>
<p>Entries close at midnight on the last day of the month (New York time). Winners are announced on {{channelLink}} the week after.</p>`,
  },
  // A draft nobody outside the studio sees, without a picture yet.
  {
    title: "We're Hiring: Environment Builder",
    slug: "hiring-environment-builder",
    category: "news",
    author: "mara",
    status: "draft",
    createdAt: [-2, -5],
    updatedAt: [0, -3],
    excerpt:
      "Join the team behind Skyforge Citadel. We're looking for a builder who loves terrain, lighting and small details.",
    tags: ["jobs", "studio"],
    content: `<p>{{studioHtml}} is growing, and we're looking for an <strong>Environment Builder</strong> to shape the worlds of our next releases.</p>
<h2>What you'll do</h2>
<ul>
<li>Block out and finish terrain, from sky islands to deep caverns.</li>
<li>Work with our add-on developers so builds and gameplay fit together.</li>
<li>Playtest every corner until it feels right.</li>
</ul>
<h2>What we're looking for</h2>
<ul>
<li>A portfolio of finished builds (screenshots or a world download).</li>
<li>Comfort with WorldEdit-style tools and structure blocks.</li>
<li>An eye for lighting, colour and <em>where players will look first</em>.</li>
</ul>
<p>The role is remote-friendly. Send your portfolio to the team on our {{communityLink}}.</p>`,
  },
  // Already announced, but not released yet: the marketplace page shows "Coming Soon".
  {
    title: "Sunken Observatory",
    slug: "sunken-observatory",
    category: "marketplace-content",
    author: "theo",
    packType: "world",
    status: "draft",
    createdAt: [-4, -2],
    updatedAt: [-1, -6],
    releaseDate: [60],
    marketplaceId: "5b7e2c41-9d3a-4f68-a1c2-7e04d9b3f615",
    excerpt:
      "An ancient observatory lies beneath the waves. Dive, solve its star puzzles and bring its telescope back to the surface.",
    tags: ["worlds", "adventure", "underwater"],
    art: { palette: "diamond", art: "block", label: "World" },
    content: `<p>Deep below a quiet ocean lies an observatory that once mapped the stars. Its telescope still works, if you can reach it.</p>
<h2>Features</h2>
<ul>
<li>A flooded, multi-level observatory with air pockets and currents to master.</li>
<li>Constellation puzzles that change the tides when solved.</li>
<li>A final ascent that raises the whole building out of the sea.</li>
</ul>
<p><em>Coming soon. Details may change before release.</em></p>`,
  },
  // Scheduled in the past: the sweep may not have run yet, but the post is already public.
  {
    title: "Pocket Dragons: Release Date and What's in the Box",
    slug: "pocket-dragons-release-date",
    category: "news",
    author: "mara",
    status: "scheduled",
    scheduledAt: { days: -2, utcHour: 15 },
    timezone: "Europe/London",
    createdAt: [-6, -4],
    updatedAt: [-3, -2],
    excerpt:
      "Our biggest add-on yet hatches soon. Five dragon species, a hatchery and a saddle system that finally makes flying feel right.",
    tags: ["addons", "pocket-dragons", "announcement"],
    art: { palette: "gold", art: "sprite", label: "Announcement", title: "Pocket Dragons" },
    content: `<p>After eight months of work, <strong>Pocket Dragons</strong> has a release date: it lands on the Marketplace in a little over three weeks. Here's everything that will be in the box on launch day.</p>
<h2>Five species, one hatchery</h2>
<p>Each dragon hatches from an egg you find in a different biome, and each grows through three stages: hatchling, juvenile and adult.</p>
<ul>
<li><strong>Ember Drake:</strong> lives near lava and lights your way through caves.</li>
<li><strong>Tidewing:</strong> swims as well as it flies and can carry you under water.</li>
<li><strong>Moss Wyrm:</strong> slow and sturdy, it grows crops wherever it naps.</li>
<li><strong>Frost Glider:</strong> the fastest flier, happiest in the snow.</li>
<li><strong>Stormback:</strong> rare, loud and very hard to tame.</li>
</ul>
<h2>Flying that feels right</h2>
<p>We rebuilt the saddle system three times. The version that shipped uses momentum: dive to gain speed, climb to slow down. Playtesters kept flying long after the session ended, which we took as a good sign.</p>
<blockquote><p>"I forgot I was supposed to be testing. I just flew around the mountains for twenty minutes." – one of our playtesters</p></blockquote>
<h3>Works with your worlds</h3>
<p>Pocket Dragons is an add-on, so it runs in any world, including your existing survival saves. You do <em>not</em> need to turn on <code>Experimental Gameplay</code>.</p>
<p>Read more on the <a href="/post/pocket-dragons">Pocket Dragons page</a>, and follow {{creatorLink}} to be told the moment it goes live.</p>`,
  },
  {
    title: "Pocket Dragons: Official Teaser",
    slug: "pocket-dragons-official-teaser",
    category: "youtube",
    author: "ines",
    status: "published",
    createdAt: [-3, -1],
    publishedAt: [-3, 2],
    youtubeUrl: "https://www.youtube.com/watch?v=q3RZt7LmV0c",
    excerpt:
      "Forty seconds of hatchlings, dives and one very grumpy Stormback. Pocket Dragons is coming soon.",
    tags: ["trailer", "pocket-dragons"],
    art: { palette: "gold", art: "play", label: "Teaser", title: "Pocket Dragons Teaser" },
    content: `<p>Our first look at <strong>Pocket Dragons</strong> in motion: hatching, first flights and a Stormback that really doesn't want to be tamed.</p>
<p>Everything in the teaser is captured in game, with no edits beyond the cuts.</p>
<p>Subscribe to {{channelLink}} for the full trailer on launch day.</p>`,
  },
  {
    title: "Pocket Dragons",
    slug: "pocket-dragons",
    category: "marketplace-content",
    author: "theo",
    packType: "addon",
    status: "published",
    createdAt: [-8, -6],
    publishedAt: [-7, 1],
    updatedAt: [-2, 3],
    releaseDate: [24],
    marketplaceId: "c1f4a8e2-3b6d-4e91-8a57-2d9c0f6b1e34",
    youtubeUrl: "https://youtu.be/q3RZt7LmV0c",
    excerpt:
      "Hatch, raise and ride five species of dragon in any world. Momentum-based flying, a hatchery and dragon armour included.",
    tags: ["addons", "dragons", "survival"],
    art: { palette: "gold", art: "sprite", label: "Add-On" },
    content: `<p>Find an egg, keep it warm, and raise a companion that grows with you. <strong>Pocket Dragons</strong> adds five dragon species to any world, each with its own home biome, temperament and abilities.</p>
<h2>What's inside</h2>
<ul>
<li>5 dragon species, each with 3 growth stages</li>
<li>A craftable hatchery with incubation timers</li>
<li>Momentum-based flying: dive to gain speed, climb to slow down</li>
<li>Dragon armour in four tiers</li>
<li>A dragon whistle to call your companion from anywhere</li>
</ul>
<h2>Good to know</h2>
<ul>
<li>Works in new and existing worlds, single player and multiplayer.</li>
<li>Dragons won't grief your builds: fire breath never spreads to blocks.</li>
</ul>
<blockquote><p>Tip: a hatchling that eats its favourite food grows twice as fast. Each species has a different one. <em>Experiment.</em></p></blockquote>`,
  },
  {
    title: "60-Second Build: Pixel-Art Phoenix",
    slug: "sixty-second-build-pixel-art-phoenix",
    category: "youtube",
    author: "ines",
    status: "published",
    createdAt: [-15, -2],
    publishedAt: [-6, 2],
    youtubeUrl: "https://www.youtube.com/shorts/Hx9bK2pWdQe",
    excerpt:
      "A 40-block phoenix, start to finish, in one minute. The palette trick at the end makes the flames glow.",
    tags: ["shorts", "building", "pixel-art"],
    art: { palette: "redstone", art: "play", label: "Short", title: "Pixel-Art Phoenix" },
    content: `<p>A phoenix forty blocks tall, from the first outline to the last feather, in sixty seconds.</p>
<h3>The palette</h3>
<ul>
<li>Outline: black concrete</li>
<li>Flames: red, orange and yellow concrete, with <strong>shroomlight</strong> in the brightest spots</li>
<li>Eye: a single block of gold</li>
</ul>
<p>The trick: shroomlight gives off light, so the flames glow at night. Try it with your own pixel art.</p>`,
  },
  {
    title: "Neon Knights Skin Pack",
    slug: "neon-knights-skin-pack",
    category: "marketplace-content",
    author: "theo",
    packType: "skin-pack",
    status: "published",
    createdAt: [-21, -5],
    publishedAt: [-20, 2],
    updatedAt: [-18, 4],
    releaseDate: [-20],
    marketplaceId: "8d2f6b19-47ce-4a0b-9e3d-61a5c7f2b08e",
    excerpt:
      "Sixteen knights in glowing armour, from the Order of the Violet Flame to the Circuit Sentinels. Eight are free to try.",
    tags: ["skins", "knights", "neon"],
    art: { palette: "amethyst", art: "sprite", label: "Skin Pack" },
    content: `<p>Polished steel meets neon light. <strong>Neon Knights</strong> is a pack of sixteen skins for players who want to stand out in the dark.</p>
<h2>The orders</h2>
<ul>
<li><strong>Order of the Violet Flame:</strong> purple plate armour with glowing runes.</li>
<li><strong>Circuit Sentinels:</strong> circuit lines that pulse across their shields.</li>
<li><strong>Night Wardens:</strong> dark armour, sharp cyan trims.</li>
<li><strong>The Unranked:</strong> four squires still earning their glow.</li>
</ul>
<p>Every skin has a classic and a slim variant, and <em>eight of the sixteen are free</em> to try before you buy.</p>
<blockquote><p>Designed at 64×64 with hand-placed pixels: no filters, no shortcuts.</p></blockquote>`,
  },
];
