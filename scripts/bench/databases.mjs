// Fresh databases for the parts, seeded with the same generator: a SQLite data folder, or a
// PostgreSQL schema (dropped at the end) when DATABASE_URL or a part's own URL says so.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { cleanups } from "./cleanup.mjs";
import { step } from "./format.mjs";
import { DATABASE_URL } from "./options.mjs";
import { mulberry32 } from "./random.mjs";

/** Posts in the cache-hit part's database. */
export const POST_COUNT = 1000;
/** Revisions stored beforehand on the post the second save target writes. */
export const REVISIONS_STORED = 500;
/** Apps in every database (the Apps page lists them all; they do not grow with the posts). */
export const APP_COUNT = 12;

/** The staff part's studio: years of posts, a long mailing list, many apps. */
export const STAFF_POSTS = 10_000;
export const STAFF_SUBSCRIBERS = 50_000;
export const STAFF_APPS = 200;
/** The staff part's media library: every image a studio uploaded over the years. */
export const STAFF_MEDIA = 5_000;

/**
 * Fresh databases in `tmp`: a new SQLite data folder, or a new PostgreSQL schema, each seeded
 * with the same generator for its post count. `forCount` gives the read-only parts one database
 * per count (the uncached part and the memory part share it); `fresh` makes one of its own.
 */
export function databaseMaker(tmp) {
  const byCount = new Map();
  let made = 0;
  async function fresh(
    label,
    count,
    { revisions = false, staff = false, databaseUrl = DATABASE_URL } = {},
  ) {
    made += 1;
    const dataDir = path.join(tmp, `data-${made}`);
    let schema;
    let url;
    if (databaseUrl) {
      schema = `bench_${randomBytes(5).toString("hex")}`;
      await withPgClient((client) => client.query(`create schema ${schema}`), databaseUrl);
      cleanups.push({
        label: `schema ${schema}`,
        fn: () =>
          withPgClient((client) => client.query(`drop schema ${schema} cascade`), databaseUrl),
      });
      url = urlWithSchema(databaseUrl, schema);
    }
    step(
      `Seeding ${count} posts for ${label} (${databaseUrl ? `PostgreSQL schema ${schema}` : "SQLite"})`,
    );
    const seededAt = Date.now();
    const fixture = await seed({ dataDir, schema, count, revisions, staff, databaseUrl });
    console.log(
      `  ${fixture.counts.published} published, ${fixture.counts.scheduled} scheduled, ` +
        `${fixture.counts.draft} drafts; ${fixture.counts.marketplace} marketplace-content; ` +
        `${staff ? `${STAFF_APPS} apps, ${STAFF_SUBSCRIBERS} subscribers, ${STAFF_AUTHORS.length} authors` : `${APP_COUNT} apps`}; content ${fixture.contentKb.min}–${fixture.contentKb.max} KB ` +
        `(average ${fixture.contentKb.avg} KB); {slug} = ${fixture.values.slug}` +
        `${revisions ? `; ${fixture.revisionsStored} revisions stored on {historyId}` : ""}; ` +
        `${((Date.now() - seededAt) / 1000).toFixed(1)} s`,
    );
    return { count, dataDir, url, schema, fixture };
  }
  async function forCount(count, label) {
    if (!byCount.has(count)) byCount.set(count, await fresh(label, count));
    return byCount.get(count);
  }
  return { fresh, forCount };
}

/**
 * A fresh database of `count` posts (and apps). `staff`: the staff part's, with STAFF_APPS
 * apps, STAFF_SUBSCRIBERS subscribers, and the posts written by STAFF_AUTHORS.
 */
async function seed({
  dataDir,
  schema,
  count,
  revisions,
  staff = false,
  databaseUrl = DATABASE_URL,
}) {
  const { openDatabase } = await import("#server/db/db.server.ts");
  const { migrateToLatest } = await import("#server/db/migrate.server.ts");
  const { PACK_TYPES } = await import("#common/constants.ts");
  const { rebuildPostTags } = await import("#server/services/post-tags.server.ts");
  const handle = openDatabase({ databaseUrl, dataDir, schema });
  try {
    await migrateToLatest(handle.db);
    const rows = makePosts(PACK_TYPES, count);
    const authors = staff ? makeAuthors({ postgres: Boolean(databaseUrl) }) : [];
    rows.forEach((row, i) => {
      row.authorId = authors.length > 0 ? authors[i % authors.length].id : null;
    });
    await handle.db.transaction().execute(async (trx) => {
      if (authors.length > 0) await trx.insertInto("users").values(authors).execute();
      for (let i = 0; i < rows.length; i += 100) {
        await trx
          .insertInto("posts")
          .values(rows.slice(i, i + 100))
          .execute();
      }
      await trx
        .insertInto("apps")
        .values(makeApps(staff ? STAFF_APPS : APP_COUNT))
        .execute();
      const subscribers = staff ? makeSubscribers(STAFF_SUBSCRIBERS) : [];
      for (let i = 0; i < subscribers.length; i += 1000) {
        await trx
          .insertInto("subscribers")
          .values(subscribers.slice(i, i + 1000))
          .execute();
      }
      if (staff) await insertMediaLibrary(trx, rows);
      // The tag rows the site's own writes keep beside each post's tags.
      await rebuildPostTags(trx);
    });
    if (staff && databaseUrl) {
      // What autovacuum does within a minute of a bulk load on a live database: the visibility
      // map (so counts can read indexes alone) and the planner's statistics. Without it the
      // staff calls would be measured in the minute after an import, not in a studio's day.
      const { sql } = await import("kysely");
      await sql`vacuum analyze`.execute(handle.db);
    }
    // The save targets write two old published news posts (no other target reads them), one
    // of them with REVISIONS_STORED revisions stored first (only where they are measured).
    const [saved, withHistory] = rows
      .filter((row) => row.status === "published" && row.category === "news")
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const history = revisions ? makeRevisions(withHistory) : [];
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < history.length; i += 100) {
        await trx
          .insertInto("post_revisions")
          .values(history.slice(i, i + 100))
          .execute();
      }
    });
    const sizes = rows.map((row) => Buffer.byteLength(row.content) / 1024);
    const countOf = (predicate) => rows.filter(predicate).length;
    const published = rows
      .filter((row) => row.status === "published")
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return {
      count,
      values: {
        // The newest published post is what a reader most likely opens.
        slug: published[0].slug,
        // Every published post: the uncached part asks for one at random per request.
        publishedSlug: published.map((row) => row.slug),
        saveId: saved.id,
        historyId: withHistory.id,
      },
      // The same text for both, so the two saves differ only in the history behind them.
      bodies: {
        save: editorForm(saved, saved.content),
        history: editorForm(withHistory, saved.content),
      },
      revisionsStored: history.length,
      counts: {
        published: published.length,
        scheduled: countOf((r) => r.status === "scheduled"),
        draft: countOf((r) => r.status === "draft"),
        marketplace: countOf((r) => r.category === "marketplace-content"),
      },
      contentKb: {
        min: Math.min(...sizes).toFixed(1),
        max: Math.max(...sizes).toFixed(1),
        avg: (sizes.reduce((a, b) => a + b, 0) / sizes.length).toFixed(1),
      },
    };
  } finally {
    await handle.close();
  }
}

const WORDS = (
  "block world pack skin texture creeper village castle island survival adventure map quest " +
  "biome redstone build craft portal dungeon treasure dragon forest desert ocean temple " +
  "minigame parkour spawn mob armor sword pickaxe potion enchanted lantern bridge tower " +
  "update release players community creators marketplace studio team design detailed new"
).split(" ");

/**
 * `count` posts like the real ones, always the same for a count (a seeded generator), as table
 * rows, spread over the same three years whatever their number.
 */
function makePosts(packTypes, count) {
  const random = mulberry32(20240601);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const sentence = (min = 8, spread = 10) => {
    const s = words(min + Math.floor(random() * spread));
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  };
  const paragraph = () => {
    const sentences = Array.from({ length: 3 + Math.floor(random() * 3) }, () => sentence());
    const i = Math.floor(random() * sentences.length);
    sentences[i] = `<strong>${sentences[i]}</strong>`;
    return `<p>${sentences.join(" ")} Tips &amp; tricks &mdash; <a href="https://example.com/${pick(WORDS)}">read more</a>.</p>`;
  };
  const html = () => {
    const targetBytes = 2048 + Math.floor(random() * 2048);
    let out = `<h2>${sentence()}</h2>`;
    while (Buffer.byteLength(out) < targetBytes) {
      const r = random();
      if (r < 0.15) out += `<h3>${sentence()}</h3>`;
      else if (r < 0.3) {
        const items = Array.from({ length: 3 + Math.floor(random() * 3) }, () => sentence());
        out += `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;
      } else out += paragraph();
    }
    return out;
  };

  const now = Date.now();
  const day = 24 * 3600 * 1000;
  const rows = [];
  // 1 at 1,000 posts (a little under a post a day), so those are the posts measured before.
  const scale = 1000 / count;
  for (let i = 0; i < count; i++) {
    const r = random();
    const category = r < 0.3 ? "marketplace-content" : r < 0.75 ? "news" : "youtube";
    const s = random();
    const status = s < 0.85 ? "published" : s < 0.93 ? "draft" : "scheduled";
    // Spread over the last three years.
    const created = new Date(now - (count - i) * 1.05 * scale * day - random() * scale * day);
    const scheduledAt =
      status === "scheduled"
        ? new Date(created.getTime() + (random() < 0.5 ? 2 : 2000) * day).toISOString()
        : null;
    const title = `${sentence(3, 4).slice(0, -1)} ${i + 1}`;
    const slug = `${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`;
    const marketplace = category === "marketplace-content";
    const createdAt = created.toISOString();
    rows.push({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      title,
      slug,
      excerpt: sentence(),
      content: html(),
      status,
      category,
      packType: marketplace ? pick(packTypes) : null,
      marketplaceUrl: marketplace ? `https://www.minecraft.net/en-us/pdp?id=${slug}` : null,
      youtubeUrl: category === "youtube" ? `https://www.youtube.com/watch?v=bench${i}` : null,
      featuredImage: random() < 0.8 ? `/uploads/bench/${slug}.webp` : null,
      featuredImageAlt: `Screenshot of ${title}`,
      scheduledAt,
      timezone: scheduledAt ? "Europe/London" : null,
      releaseDate: marketplace ? createdAt : null,
      publishedAt: status === "published" ? createdAt : null,
      tags: JSON.stringify(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(WORDS))),
      authorId: null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}

/**
 * What the editor sends when staff press Update on a published post: the whole form with
 * `content`, its featured image an http(s) address (the seeded file names are not uploads),
 * without a version.
 */
function editorForm(row, content) {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content,
    status: "published",
    category: row.category,
    youtubeUrl: row.youtubeUrl,
    featuredImage: `https://cdn.example.com/bench/${row.slug}.webp`,
    featuredImageAlt: row.featuredImageAlt,
    tags: JSON.parse(row.tags),
    scheduledAt: null,
    timezone: "Europe/London",
  };
}

/** The staff part's authors: logins whose names the staff post list shows. */
const STAFF_AUTHORS = ["Alex Rivera", "Sam Okafor", "Jordan Lee", "Priya Nair", "Mika Tanaka"];

function makeAuthors({ postgres }) {
  const createdAt = new Date().toISOString();
  return STAFF_AUTHORS.map((name, i) => ({
    id: `00000000-0000-4000-b000-${String(i).padStart(12, "0")}`,
    name,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@bench.test`,
    emailVerified: postgres ? false : 0,
    image: null,
    createdAt,
    updatedAt: createdAt,
  }));
}

/** `count` newsletter subscribers, one every few minutes over the last years. */
function makeSubscribers(count) {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-c000-${String(i).padStart(12, "0")}`,
    email: `reader${i}@mail${i % 97}.example.com`,
    createdAt: new Date(now - (count - i) * 180_000).toISOString(),
  }));
}

/**
 * STAFF_MEDIA media items, newest last, with alt texts to search; the first 2,000 are the
 * featured images of as many posts (their uses), the rest unused.
 */
async function insertMediaLibrary(trx, posts) {
  const now = Date.now();
  const items = Array.from({ length: STAFF_MEDIA }, (_, i) => {
    const stem = i.toString(16).padStart(32, "0");
    const createdAt = new Date(now - (STAFF_MEDIA - i) * 3_600_000).toISOString();
    return {
      id: `00000000-0000-4000-d000-${String(i).padStart(12, "0")}`,
      fileName: `${stem}.png`,
      originalName: `${WORDS[i % WORDS.length]}-${i}.png`,
      mimeType: "image/png",
      width: 1200,
      height: 630,
      size: 150_000 + i,
      altText: `${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 13) % WORDS.length]}`,
      caption: "",
      uploadedBy: null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  for (let i = 0; i < items.length; i += 500) {
    await trx
      .insertInto("media")
      .values(items.slice(i, i + 500))
      .execute();
  }
  const uses = posts.slice(0, 2_000).map((post, i) => ({
    mediaId: items[i].id,
    owner: `post:${post.id}`,
    field: "featuredImage",
    postId: post.id,
    appId: null,
  }));
  for (let i = 0; i < uses.length; i += 500) {
    await trx
      .insertInto("media_uses")
      .values(uses.slice(i, i + 500))
      .execute();
  }
}

/** `count` apps, the studio's own and partners', of every status and relationship. */
function makeApps(count) {
  const random = mulberry32(20240602);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sentence = (n) => {
    const s = Array.from({ length: n }, () => pick(WORDS)).join(" ");
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  };
  const createdAt = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => {
    const name = `${pick(WORDS)} ${pick(WORDS)} ${i + 1}`.replace(/^./, (c) => c.toUpperCase());
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    return {
      id: `00000000-0000-4000-a000-${String(i).padStart(12, "0")}`,
      name,
      slug,
      category: ["Web Tool", "Tool", "Game", "Utility"][i % 4],
      relationship: ["developed", "partner", "official-partner"][i % 3],
      status: ["released", "released", "beta", "in-development", "banned"][i % 5],
      logoUrl: null,
      imageUrl: null,
      shortDescription: sentence(8),
      description: Array.from({ length: 3 }, () => sentence(14)).join(" "),
      downloadCount: Math.floor(random() * 2_000_000),
      rating: Math.round((3 + random() * 2) * 10) / 10,
      releaseDate: new Date(Date.now() - Math.floor(random() * 1500) * 86_400_000).toISOString(),
      platforms: JSON.stringify(["web", "windows", "ios", "android"].slice(0, 1 + (i % 4))),
      websiteUrl: `https://apps.example.com/${slug}`,
      downloadUrl: i % 2 === 0 ? `https://apps.example.com/${slug}/download` : null,
      sortOrder: i + 1,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/** REVISIONS_STORED revisions of a post, one an hour before its creation onwards. */
function makeRevisions(row) {
  const kinds = ["save", "update", "autosave", "publish"];
  const start = Date.parse(row.createdAt);
  return Array.from({ length: REVISIONS_STORED }, (_, i) => ({
    id: `00000000-0000-4000-9000-${String(i).padStart(12, "0")}`,
    postId: row.id,
    kind: i === 0 ? "create" : kinds[i % kinds.length],
    status: "published",
    title: `${row.title} (${i})`,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featuredImage: null,
    featuredImageAlt: row.featuredImageAlt,
    tags: row.tags,
    authorId: null,
    savedBy: null,
    createdAt: new Date(start + i * 3_600_000).toISOString(),
  }));
}

async function withPgClient(fn, url = DATABASE_URL) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The URL whose connections work in `schema` (what the server child process receives). */
function urlWithSchema(url, schema) {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}
