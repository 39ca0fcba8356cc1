import type { Config } from "#server/config/env.server.ts";
import type { NewApp } from "#server/services/apps.server.ts";
import type { NewPost } from "#server/services/posts.server.ts";
import type { BannerArt, PaletteName } from "./seed-images.server.ts";

/**
 * The demo content an empty site starts with: the studio's news, videos and marketplace packs,
 * its apps and partners, and a few newsletter subscribers. Dates are relative to `now`, so a
 * fresh install always has recent posts, a release that is still coming and a post that is
 * scheduled for next week. Every URL points at the configured studio or at the marketplace's
 * own address pattern; video ids are placeholders the studio replaces with its own.
 */

/** The picture drawn for a post or an app (see seed-images.server.ts). */
export type DemoArt = {
  palette: PaletteName;
  art: BannerArt;
  /** The label above the title, e.g. "World". */
  label: string;
  /** A shorter title for the picture when the real one is too long to set large. */
  title?: string;
};

export type DemoPost = Omit<NewPost, "featuredImage"> & {
  /** Absent: the post has no featured image, so the page's fallback shows. */
  art?: DemoArt;
};

export type DemoApp = Omit<NewApp, "logoUrl" | "imageUrl"> & { palette: PaletteName };

export type DemoSubscriber = { email: string; createdAt: string };

export type DemoContent = {
  posts: DemoPost[];
  apps: DemoApp[];
  subscribers: DemoSubscriber[];
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Builds the demo content for the configured studio, dated around `now`. */
export function buildDemoContent(config: Config, now: Date): DemoContent {
  const site = config.site;
  const studio = site.companyName;
  // The name and links come from configuration, so they are escaped wherever they meet HTML.
  const studioHtml = escapeHtml(studio);
  // Links that leave the site open in a new tab, as the editor's link button writes them.
  const external = ' target="_blank" rel="noopener noreferrer"';
  /** An ISO timestamp `days` (and `hours`) from now; negative for the past. */
  const at = (days: number, hours = 0) =>
    new Date(now.getTime() + days * DAY + hours * HOUR).toISOString();
  const marketplace = (id: string) => `https://www.minecraft.net/en-us/marketplace/pdp?id=${id}`;
  const creatorLink = `<a href="${escapeHtml(site.marketplaceCreatorUrl)}"${external}>${studioHtml} on the Marketplace</a>`;
  const communityLink = `<a href="${escapeHtml(site.communityInviteUrl)}"${external}>community server</a>`;
  const channelLink = `<a href="${escapeHtml(site.videoChannelUrl)}"${external}>our YouTube channel</a>`;

  const posts: DemoPost[] = [
    // Scheduled for next week: visible in the dashboard, not yet on the site.
    {
      title: "Community Build Contest: Floating Islands",
      slug: "community-build-contest-floating-islands",
      category: "news",
      status: "scheduled",
      scheduledAt: at(9, 17 - now.getUTCHours()),
      timezone: "America/New_York",
      createdAt: at(-1, -3),
      excerpt:
        "Build a floating island in survival or creative, share three screenshots, and win a spot in our next world.",
      tags: ["community", "contest"],
      art: {
        palette: "frost",
        art: "block",
        label: "Contest",
        title: "Build Contest: Floating Islands",
      },
      content: `<p>Skyforge Citadel started as a single floating island sketched on a napkin. Now it's your turn. From today until the end of the month, the <strong>${studioHtml} Community Build Contest</strong> is open to everyone.</p>
<h2>The brief</h2>
<p>Build a floating island that tells a story. A lonely lighthouse, a sky pirate's hideout, a farm that drifted away from home: anything goes, as long as it floats.</p>
<h2>How to enter</h2>
<ol>
<li>Build your island in any world, survival or creative.</li>
<li>Take three screenshots: one wide shot, one close-up and one from your favourite spot.</li>
<li>Post them in the <code>#build-contest</code> channel on our ${communityLink} with a one-line story.</li>
</ol>
<h2>Prizes</h2>
<ul>
<li><strong>Grand prize:</strong> your island, rebuilt by our team as a hidden area in our next world, with your name on the credits sign.</li>
<li><strong>Two runners-up:</strong> any three packs from our catalogue.</li>
<li><strong>Everyone who enters:</strong> an exclusive contest cape for the Neon Knights skin pack.</li>
</ul>
<blockquote><p>We judge on creativity and storytelling, not block count. A small island with a big idea beats a huge one with nothing to say.</p></blockquote>
<p>Entries close at midnight on the last day of the month (New York time). Winners are announced on ${channelLink} the week after.</p>`,
    },
    // A draft nobody outside the studio sees, without a picture yet.
    {
      title: "We're Hiring: Environment Builder",
      slug: "hiring-environment-builder",
      category: "news",
      status: "draft",
      createdAt: at(-2, -5),
      excerpt:
        "Join the team behind Skyforge Citadel. We're looking for a builder who loves terrain, lighting and small details.",
      tags: ["jobs", "studio"],
      content: `<p>${studioHtml} is growing, and we're looking for an <strong>Environment Builder</strong> to shape the worlds of our next releases.</p>
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
<p>The role is remote-friendly. Send your portfolio to the team on our ${communityLink}.</p>`,
    },
    // Already announced, but not released yet: the marketplace page shows "Coming Soon".
    {
      title: "Sunken Observatory",
      slug: "sunken-observatory",
      category: "marketplace-content",
      packType: "world",
      status: "draft",
      createdAt: at(-4, -2),
      releaseDate: at(60),
      marketplaceUrl: marketplace("5b7e2c41-9d3a-4f68-a1c2-7e04d9b3f615"),
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
      status: "scheduled",
      scheduledAt: at(-2, 15 - now.getUTCHours()),
      timezone: "Europe/London",
      createdAt: at(-6, -4),
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
<p>Read more on the <a href="/post/pocket-dragons">Pocket Dragons page</a>, and follow ${creatorLink} to be told the moment it goes live.</p>`,
    },
    {
      title: "Pocket Dragons: Official Teaser",
      slug: "pocket-dragons-official-teaser",
      category: "youtube",
      status: "published",
      createdAt: at(-3, -1),
      youtubeUrl: "https://www.youtube.com/watch?v=q3RZt7LmV0c",
      excerpt:
        "Forty seconds of hatchlings, dives and one very grumpy Stormback. Pocket Dragons is coming soon.",
      tags: ["trailer", "pocket-dragons"],
      art: { palette: "gold", art: "play", label: "Teaser", title: "Pocket Dragons Teaser" },
      content: `<p>Our first look at <strong>Pocket Dragons</strong> in motion: hatching, first flights and a Stormback that really doesn't want to be tamed.</p>
<p>Everything in the teaser is captured in game, with no edits beyond the cuts.</p>
<p>Subscribe to ${channelLink} for the full trailer on launch day.</p>`,
    },
    {
      title: "Pocket Dragons",
      slug: "pocket-dragons",
      category: "marketplace-content",
      packType: "addon",
      status: "published",
      createdAt: at(-8, -6),
      releaseDate: at(24),
      marketplaceUrl: marketplace("c1f4a8e2-3b6d-4e91-8a57-2d9c0f6b1e34"),
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
      status: "published",
      createdAt: at(-15, -2),
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
      packType: "skin-pack",
      status: "published",
      createdAt: at(-21, -5),
      releaseDate: at(-20),
      marketplaceUrl: marketplace("8d2f6b19-47ce-4a0b-9e3d-61a5c7f2b08e"),
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
    {
      title: "Behind the Build: Raising Skyforge Citadel",
      slug: "behind-the-build-skyforge-citadel",
      category: "news",
      status: "published",
      createdAt: at(-30, -7),
      excerpt:
        "Three builders, ninety days and over two million blocks. How we planned, built and playtested our biggest world so far.",
      tags: ["behind-the-scenes", "worlds", "skyforge-citadel"],
      art: { palette: "grass", art: "block", label: "Behind the Build" },
      content: `<p><strong>Skyforge Citadel</strong> is the biggest world ${studioHtml} has ever shipped: a fortress on a chain of floating islands, built by three people in ninety days. Here's how it came together.</p>
<h2>Start with the story, not the blocks</h2>
<p>Before anyone placed a block, we wrote a one-page story: a guild of smiths who forged their city into the sky to escape a flood. Every district follows from that. The forges sit at the bottom, where the heat rises. The library sits at the top, <em>furthest from the sparks</em>.</p>
<h2>Plan in grey, finish in colour</h2>
<p>We built the whole map first in grey concrete, a technique called <strong>greyboxing</strong>. It kept us honest about scale and paths before any detail could distract us.</p>
<ol>
<li>Greybox every island and bridge.</li>
<li>Walk it as a player, with a stopwatch.</li>
<li>Fix anything that takes longer than two minutes to reach.</li>
<li>Only then: palettes, detail and lighting.</li>
</ol>
<h3>The numbers</h3>
<ul>
<li>14 floating islands, 9 bridges, 1 very long chain</li>
<li>2.3 million blocks placed</li>
<li>41 playtest sessions</li>
</ul>
<h2>The trick that saved a month</h2>
<p>Each island is a saved structure. When we needed to move an island ten blocks to the left, we reloaded it with <code>/structure load</code> instead of rebuilding it by hand. That one decision saved us around four weeks.</p>
<blockquote><p>Every path a player can see should be a path a player can take. If it isn't, hide it.</p></blockquote>
<p>Skyforge Citadel is <a href="/post/skyforge-citadel">available now</a>. Tell us what you found on our ${communityLink}.</p>`,
    },
    {
      title: "Skyforge Citadel",
      slug: "skyforge-citadel",
      category: "marketplace-content",
      packType: "world",
      status: "published",
      createdAt: at(-50, -3),
      releaseDate: at(-45),
      marketplaceUrl: marketplace("2e9a5c7d-1f84-4b36-bc09-5d7e3a1f4c82"),
      youtubeUrl: "https://www.youtube.com/watch?v=tD4fN8sYj1A",
      excerpt:
        "A fortress city on fourteen floating islands. Restore the sky forges, cross the chain bridges and discover why the smiths left the ground.",
      tags: ["worlds", "adventure", "parkour"],
      art: { palette: "grass", art: "block", label: "World" },
      content: `<p>High above a drowned kingdom floats <strong>Skyforge Citadel</strong>, a city of smiths who forged their home into the sky. Its forges have gone cold. Light them again.</p>
<h2>Features</h2>
<ul>
<li>14 floating islands linked by chain bridges and wind currents</li>
<li>An adventure of around three hours, with 6 forges to restore</li>
<li>Parkour routes rated from <em>Sunday stroll</em> to <em>Sky-smith</em></li>
<li>A hidden 15th island for players who look down</li>
</ul>
<h2>How to play</h2>
<ol>
<li>Start in the Harbour and talk to the old quartermaster.</li>
<li>Collect forge cores to unlock each district.</li>
<li>Restore all six forges to open the Crown Foundry.</li>
</ol>
<blockquote><p>Best played with friends: two of the forge puzzles are much quicker with a second player.</p></blockquote>
<p>Read how we made it in <a href="/blog/behind-the-build-skyforge-citadel">Behind the Build</a>.</p>`,
    },
    {
      title: "Skyforge Citadel: Official Trailer",
      slug: "skyforge-citadel-official-trailer",
      category: "youtube",
      status: "published",
      createdAt: at(-48, -1),
      youtubeUrl: "https://youtube.com/watch?v=tD4fN8sYj1A&feature=share",
      excerpt:
        "Ninety seconds above the clouds: the forges, the chain bridges and the Crown Foundry. Out now on the Marketplace.",
      tags: ["trailer", "skyforge-citadel"],
      art: { palette: "grass", art: "play", label: "Trailer", title: "Skyforge Citadel Trailer" },
      content: `<p>The official trailer for <strong>Skyforge Citadel</strong>, our biggest world so far. Everything you see was captured in game.</p>
<p>Available now: find it through ${creatorLink}.</p>`,
    },
    {
      title: "Frostbound Mashup Pack",
      slug: "frostbound-mashup-pack",
      category: "marketplace-content",
      packType: "mashup",
      status: "published",
      createdAt: at(-76, -4),
      releaseDate: at(-75),
      marketplaceUrl: marketplace("f6c3d0a8-5e21-4b7f-93d4-0a8b6e2c5f17"),
      excerpt:
        "A frozen survival world, a crisp ice texture pack, twelve explorer skins and a soundtrack of creaking glaciers, all in one.",
      tags: ["mashup", "winter", "survival"],
      art: { palette: "frost", art: "block", label: "Mashup Pack" },
      content: `<p>Everything in <strong>Frostbound</strong> is built around one idea: survival at the edge of the world, where the snow never melts.</p>
<h2>In the pack</h2>
<ul>
<li><strong>World:</strong> a glacier survival map with an ice-breaker ship as your base</li>
<li><strong>Textures:</strong> frosted versions of every stone, wood and ore</li>
<li><strong>Skins:</strong> 12 polar explorers, from cartographers to cooks</li>
<li><strong>Audio:</strong> wind, creaking ice and a quiet piano theme</li>
</ul>
<h3>Survival tips</h3>
<ol>
<li>Keep your ship's furnace lit: it's the only warm place for miles.</li>
<li>Blue ice is fast. Very fast. <em>Plan your stops.</em></li>
</ol>`,
    },
    // No featured image: the post page shows its fallback.
    {
      title: `Five Years of ${studio}`,
      slug: "five-years-of-building-worlds",
      category: "news",
      status: "published",
      createdAt: at(-92, -6),
      excerpt:
        "From a two-person side project to a team of twelve: what five years of building for the Marketplace taught us.",
      tags: ["studio", "anniversary"],
      content: `<p>Five years ago, two friends published a small parkour map and refreshed the sales page every ten minutes. Today ${studioHtml} is a team of twelve with more than forty releases. Thank you for playing.</p>
<h2>Five things we learned</h2>
<ol>
<li><strong>Ship small, then grow.</strong> Our first pack had four skins. It taught us more than any plan could.</li>
<li><strong>Playtest with strangers.</strong> Friends are too kind.</li>
<li><strong>Write the trailer first.</strong> If we can't make a minute of it exciting, the idea needs work.</li>
<li><strong>Listen to the reviews.</strong> Half our update ideas come from them.</li>
<li><strong>Rest.</strong> Crunch makes worse worlds.</li>
</ol>
<blockquote><p>We still refresh the sales page on launch day. Some habits stay.</p></blockquote>
<p>Here's to the next five. Come and celebrate with us on our ${communityLink}.</p>`,
    },
    {
      title: "Overgrown Texture Pack",
      slug: "overgrown-texture-pack",
      category: "marketplace-content",
      packType: "texture-pack",
      status: "published",
      createdAt: at(-110, -2),
      releaseDate: at(-108),
      marketplaceUrl: marketplace("0a7d4e92-6c1b-4f35-8e20-b9c5d3a7f641"),
      excerpt:
        "Nature takes back every block: mossy stone, vine-wrapped logs and cracked bricks with flowers in the gaps.",
      tags: ["textures", "nature", "ruins"],
      art: { palette: "moss", art: "block", label: "Texture Pack" },
      content: `<p><strong>Overgrown</strong> imagines your world a hundred years after everyone left. Stone is mossy, brick is cracked, and flowers grow wherever they can.</p>
<h2>Highlights</h2>
<ul>
<li>Over 400 hand-painted textures at 16×16, true to the game's style</li>
<li>Connected vines on logs and walls</li>
<li>Ores that peek out from under the moss</li>
</ul>
<p>Perfect for ruins, jungle temples and <em>any build that should feel ancient</em>.</p>`,
    },
    {
      title: "Retro Arcade UI Pack",
      slug: "retro-arcade-ui-pack",
      category: "marketplace-content",
      packType: "resource-pack",
      status: "published",
      createdAt: at(-140, -5),
      releaseDate: at(-139),
      marketplaceUrl: marketplace("d93b1f57-2a8e-4c60-b7f4-3e1c9a5d0b28"),
      excerpt:
        "Turn menus, hotbars and sounds into an 80s arcade cabinet: CRT glow, chiptune clicks and a coin-op title screen.",
      tags: ["resource-pack", "ui", "retro"],
      art: { palette: "redstone", art: "sprite", label: "Resource Pack", title: "Retro Arcade UI" },
      content: `<p>Insert coin to continue. <strong>Retro Arcade</strong> reskins the whole interface as an 80s arcade cabinet.</p>
<h2>What changes</h2>
<ul>
<li>Menus, inventory and hotbar with a soft CRT glow</li>
<li>Chiptune sounds for clicks, pickups and level-ups</li>
<li>A coin-op title screen with an attract-mode animation</li>
</ul>
<p>Only the interface and sounds change, so it works with any texture pack. Put it <strong>above</strong> your texture pack in the list so the interface comes from Retro Arcade.</p>`,
    },
    {
      title: "Smarter Villagers Behavior Pack",
      slug: "smarter-villagers-behavior-pack",
      category: "marketplace-content",
      packType: "behavior-pack",
      status: "published",
      createdAt: at(-171, -3),
      releaseDate: at(-170),
      marketplaceUrl: marketplace("7c5e0b3a-9f12-4d86-a4e1-6b2d8f0c3a95"),
      excerpt:
        "Villagers who head home when it rains, light their lanterns at dusk and gossip about the player who saved their village.",
      tags: ["behavior-pack", "villagers", "survival"],
      art: { palette: "moss", art: "sprite", label: "Behavior Pack", title: "Smarter Villagers" },
      content: `<p>Villages should feel lived in. <strong>Smarter Villagers</strong> gives every villager a daily routine and a memory.</p>
<h2>New behaviours</h2>
<ul>
<li>Villagers head indoors when it rains and light lanterns at dusk.</li>
<li>Farmers share crops with neighbours who go hungry.</li>
<li>Save a village from a raid and its prices drop for a week. <em>They remember.</em></li>
</ul>
<h3>Compatibility</h3>
<p>Works in new and existing worlds. It changes only villager behaviour, so it combines with most add-ons; if another pack also changes villagers, load <code>Smarter Villagers</code> last.</p>`,
    },
    {
      title: "How We Playtest Every Pack Before Launch",
      slug: "how-we-playtest-every-pack",
      category: "youtube",
      status: "published",
      createdAt: at(-186, -6),
      youtubeUrl: "https://youtu.be/pL6wE0rGm5U",
      excerpt:
        "Checklists, stopwatches and fresh eyes: a look at the three rounds of testing every release goes through.",
      tags: ["behind-the-scenes", "testing"],
      art: { palette: "diamond", art: "play", label: "Studio Vlog", title: "How We Playtest" },
      content: `<p>Every pack we release goes through three rounds of testing. In this video our QA lead walks through each one.</p>
<ol>
<li><strong>Builders' pass:</strong> the team plays its own work against a checklist.</li>
<li><strong>Fresh eyes:</strong> players who have never seen the pack, with a stopwatch and no hints.</li>
<li><strong>Device sweep:</strong> every pack on a phone, a console and a low-end tablet.</li>
</ol>
<p>More studio videos on ${channelLink}.</p>`,
    },
    {
      title: `Welcome to the New ${studio} Website`,
      slug: "welcome-to-the-new-website",
      category: "news",
      status: "published",
      createdAt: at(-212, -4),
      excerpt:
        "All our worlds, skin packs, add-ons and apps in one place, plus news straight from the team.",
      tags: ["studio", "announcement"],
      art: { palette: "diamond", art: "block", label: "News", title: "Welcome!" },
      content: `<p>Welcome to our new home on the web! Everything ${studioHtml} makes is now in one place.</p>
<h2>What you'll find here</h2>
<ul>
<li><strong><a href="/studio">Studio</a>:</strong> every world, skin pack and add-on we've released, with trailers and links to the Marketplace.</li>
<li><strong><a href="/apps">Apps &amp; Tools</a>:</strong> the tools we build and the partners we work with.</li>
<li><strong><a href="/news">News</a>:</strong> release announcements, behind-the-scenes stories and dev logs.</li>
</ul>
<p>Want to hear about new releases first? Join the newsletter at the bottom of the home page. <em>No spam, just epic content updates.</em></p>`,
    },
  ];

  const studioDomain = domainOf(site.externalEditorUrl);
  const apps: DemoApp[] = [
    {
      name: "Skin Studio",
      slug: "skin-studio",
      category: "Web Tool",
      relationship: "developed",
      status: "released",
      shortDescription: "Paint, preview and export skins in your browser.",
      description:
        "A pixel editor made for skins: paint on a 3D model, mirror limbs, preview classic and slim arms, and export a file that's ready for the game. Free, and nothing to install.",
      downloadCount: 2_300_000,
      rating: 4.8,
      releaseDate: at(-1460),
      platforms: ["web"],
      websiteUrl: site.externalEditorUrl,
      downloadUrl: null,
      sortOrder: 1,
      palette: "amethyst",
    },
    {
      name: "Blockprint",
      slug: "blockprint",
      category: "Tool",
      relationship: "developed",
      status: "released",
      shortDescription: "Plan big builds layer by layer before placing a block.",
      description:
        "Blockprint turns sketches and schematics into layer-by-layer build guides with material counts, so big projects stay on plan. It's what we use for every world we make.",
      downloadCount: 184_000,
      rating: 4.6,
      releaseDate: at(-900),
      platforms: ["windows", "macos", "linux"],
      websiteUrl: `https://blockprint.${studioDomain}`,
      downloadUrl: `https://${studioDomain}/downloads/blockprint`,
      sortOrder: 2,
      palette: "diamond",
    },
    {
      name: "Pack Doctor",
      slug: "pack-doctor",
      category: "Utility",
      relationship: "developed",
      status: "beta",
      shortDescription: "Finds broken manifests and missing textures before you submit.",
      description:
        "Drop in a pack and Pack Doctor checks manifests, UUIDs, texture paths and file sizes against the Marketplace's submission rules, then explains each problem in plain words.",
      downloadCount: 12_400,
      rating: 4.3,
      releaseDate: at(-60),
      platforms: ["web", "windows"],
      websiteUrl: null,
      downloadUrl: `https://${studioDomain}/downloads/pack-doctor`,
      sortOrder: 3,
      palette: "moss",
    },
    {
      name: "Realm Roamer",
      slug: "realm-roamer",
      category: "Application",
      relationship: "developed",
      status: "banned",
      shortDescription: "Browse and join community servers from your phone.",
      description:
        "Realm Roamer listed thousands of community servers with live player counts and one-tap joining, until it was pulled in November 2021. We still think it should come back.",
      downloadCount: 1_150_000,
      rating: 4.5,
      releaseDate: at(-2100),
      platforms: ["ios", "android"],
      websiteUrl: null,
      downloadUrl: null,
      sortOrder: 4,
      palette: "redstone",
    },
    {
      name: "Block Party Live",
      slug: "block-party-live",
      category: "Social",
      relationship: "official-partner",
      status: "released",
      shortDescription: "Host build battles with friends, with timers and live voting.",
      description:
        "Block Party Live runs build battles for you: pick a theme, set the timer and let viewers vote in real time. Our worlds ship with ready-made Block Party arenas.",
      downloadCount: 640_000,
      rating: 4.4,
      releaseDate: at(-700),
      platforms: ["web", "ios", "android"],
      websiteUrl: `https://${studioDomain}/partners/block-party-live`,
      downloadUrl: null,
      sortOrder: 5,
      palette: "gold",
    },
    {
      name: "Pixel Pets",
      slug: "pixel-pets",
      category: "Game",
      relationship: "partner",
      status: "released",
      shortDescription: "A cosy pocket game about raising blocky pets.",
      description:
        "Feed, train and dress up more than sixty blocky pets in a cosy game made with our friends at a partner studio. Every Pocket Dragons hatchling has a Pixel Pets twin.",
      downloadCount: 96_500,
      rating: 4.2,
      releaseDate: at(-420),
      platforms: ["ios", "android"],
      websiteUrl: `https://${studioDomain}/partners/pixel-pets`,
      downloadUrl: `https://${studioDomain}/downloads/pixel-pets`,
      sortOrder: 6,
      palette: "frost",
    },
    {
      name: "Redstone Academy",
      slug: "redstone-academy",
      category: "Education",
      relationship: "official-partner",
      status: "in-development",
      shortDescription: "Learn logic circuits one redstone lesson at a time.",
      description:
        "Short, hands-on lessons that teach logic gates, clocks and memory with redstone, built with teachers for classrooms and curious players. Pilot schools start this year.",
      downloadCount: 850,
      rating: null,
      releaseDate: at(120),
      platforms: ["web"],
      websiteUrl: null,
      downloadUrl: null,
      sortOrder: 7,
      palette: "redstone",
    },
    {
      name: "Mob Tunes",
      slug: "mob-tunes",
      category: "Entertainment",
      relationship: "partner",
      status: "released",
      shortDescription: "Turn note-block songs into ringtones and back again.",
      description:
        "Compose on a note-block piano roll, share songs with friends and export them as ringtones, or import any MIDI file and get a build guide for the note blocks.",
      downloadCount: 38_200,
      rating: 3.9,
      releaseDate: at(-300),
      platforms: ["android", "web"],
      websiteUrl: `https://${studioDomain}/partners/mob-tunes`,
      downloadUrl: null,
      sortOrder: 8,
      palette: "grass",
    },
  ];

  const subscribers: DemoSubscriber[] = [
    { email: "maya.builds@example.com", createdAt: at(-1, -2) },
    { email: "redstone.ryan@example.org", createdAt: at(-4, -7) },
    { email: "pixel.paige@example.net", createdAt: earlierThisMonth(now) },
    { email: "jonas.kraft@example.com", createdAt: at(-41, -3) },
    { email: "sky.islander@example.org", createdAt: at(-97, -5) },
  ];

  return { posts, apps, subscribers };
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

/** The studio's registrable domain, taken from its editor's address (editor.example.net -> example.net). */
function domainOf(url: string): string {
  const labels = new URL(url).hostname.split(".");
  return labels.length > 2 ? labels.slice(1).join(".") : labels.join(".");
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );
}
