import type { DemoPostData } from "./demo-context.server.ts";

/** The demo posts of the last seven months before those: releases, videos, the welcome post. */
export const EARLIER_DEMO_POSTS: DemoPostData[] = [
  {
    title: "Behind the Build: Raising Skyforge Citadel",
    slug: "behind-the-build-skyforge-citadel",
    category: "news",
    author: "theo",
    status: "published",
    createdAt: [-30, -7],
    publishedAt: [-28, 3],
    excerpt:
      "Three builders, ninety days and over two million blocks. How we planned, built and playtested our biggest world so far.",
    tags: ["behind-the-scenes", "worlds", "skyforge-citadel"],
    art: { palette: "grass", art: "block", label: "Behind the Build" },
    content: `<p><strong>Skyforge Citadel</strong> is the biggest world {{studioHtml}} has ever shipped: a fortress on a chain of floating islands, built by three people in ninety days. Here's how it came together.</p>
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
<p>Skyforge Citadel is <a href="/post/skyforge-citadel">available now</a>. Tell us what you found on our {{communityLink}}.</p>`,
  },
  {
    title: "Skyforge Citadel",
    slug: "skyforge-citadel",
    category: "marketplace-content",
    author: "theo",
    packType: "world",
    status: "published",
    createdAt: [-50, -3],
    publishedAt: [-45, 1],
    updatedAt: [-40, 2],
    releaseDate: [-45],
    marketplaceId: "2e9a5c7d-1f84-4b36-bc09-5d7e3a1f4c82",
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
    author: "ines",
    status: "published",
    createdAt: [-48, -1],
    publishedAt: [-47, 4],
    youtubeUrl: "https://youtube.com/watch?v=tD4fN8sYj1A&feature=share",
    excerpt:
      "Ninety seconds above the clouds: the forges, the chain bridges and the Crown Foundry. Out now on the Marketplace.",
    tags: ["trailer", "skyforge-citadel"],
    art: { palette: "grass", art: "play", label: "Trailer", title: "Skyforge Citadel Trailer" },
    content: `<p>The official trailer for <strong>Skyforge Citadel</strong>, our biggest world so far. Everything you see was captured in game.</p>
<p>Available now: find it through {{creatorLink}}.</p>`,
  },
  {
    title: "Frostbound Mashup Pack",
    slug: "frostbound-mashup-pack",
    category: "marketplace-content",
    author: "theo",
    packType: "mashup",
    status: "published",
    createdAt: [-76, -4],
    publishedAt: [-75, 2],
    releaseDate: [-75],
    marketplaceId: "f6c3d0a8-5e21-4b7f-93d4-0a8b6e2c5f17",
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
    title: "Five Years of {{studio}}",
    slug: "five-years-of-building-worlds",
    category: "news",
    author: "mara",
    status: "published",
    createdAt: [-92, -6],
    publishedAt: [-90, 3],
    excerpt:
      "From a two-person side project to a team of twelve: what five years of building for the Marketplace taught us.",
    tags: ["studio", "anniversary"],
    content: `<p>Five years ago, two friends published a small parkour map and refreshed the sales page every ten minutes. Today {{studioHtml}} is a team of twelve with more than forty releases. Thank you for playing.</p>
<h2>Five things we learned</h2>
<ol>
<li><strong>Ship small, then grow.</strong> Our first pack had four skins. It taught us more than any plan could.</li>
<li><strong>Playtest with strangers.</strong> Friends are too kind.</li>
<li><strong>Write the trailer first.</strong> If we can't make a minute of it exciting, the idea needs work.</li>
<li><strong>Listen to the reviews.</strong> Half our update ideas come from them.</li>
<li><strong>Rest.</strong> Crunch makes worse worlds.</li>
</ol>
<blockquote><p>We still refresh the sales page on launch day. Some habits stay.</p></blockquote>
<p>Here's to the next five. Come and celebrate with us on our {{communityLink}}.</p>`,
  },
  {
    title: "Overgrown Texture Pack",
    slug: "overgrown-texture-pack",
    category: "marketplace-content",
    author: "theo",
    packType: "texture-pack",
    status: "published",
    createdAt: [-110, -2],
    publishedAt: [-108, 1],
    updatedAt: [-100, 2],
    releaseDate: [-108],
    marketplaceId: "0a7d4e92-6c1b-4f35-8e20-b9c5d3a7f641",
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
    author: "theo",
    packType: "resource-pack",
    status: "published",
    createdAt: [-140, -5],
    publishedAt: [-139, 1],
    releaseDate: [-139],
    marketplaceId: "d93b1f57-2a8e-4c60-b7f4-3e1c9a5d0b28",
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
    author: "theo",
    packType: "behavior-pack",
    status: "published",
    createdAt: [-171, -3],
    publishedAt: [-170, 2],
    releaseDate: [-170],
    marketplaceId: "7c5e0b3a-9f12-4d86-a4e1-6b2d8f0c3a95",
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
    author: "ines",
    status: "published",
    createdAt: [-186, -6],
    publishedAt: [-183, 4],
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
<p>More studio videos on {{channelLink}}.</p>`,
  },
  {
    title: "Welcome to the New {{studio}} Website",
    slug: "welcome-to-the-new-website",
    category: "news",
    author: "mara",
    status: "published",
    createdAt: [-212, -4],
    publishedAt: [-212, -1],
    excerpt:
      "All our worlds, skin packs, add-ons and apps in one place, plus news straight from the team.",
    tags: ["studio", "announcement"],
    art: { palette: "diamond", art: "block", label: "News", title: "Welcome!" },
    content: `<p>Welcome to our new home on the web! Everything {{studioHtml}} makes is now in one place.</p>
<h2>What you'll find here</h2>
<ul>
<li><strong><a href="/studio">Studio</a>:</strong> every world, skin pack and add-on we've released, with trailers and links to the Marketplace.</li>
<li><strong><a href="/apps">Apps &amp; Tools</a>:</strong> the tools we build and the partners we work with.</li>
<li><strong><a href="/news">News</a>:</strong> release announcements, behind-the-scenes stories and dev logs.</li>
</ul>
<p>Want to hear about new releases first? Join the newsletter at the bottom of the home page. <em>No spam, just epic content updates.</em></p>`,
  },
];
