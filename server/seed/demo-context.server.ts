import { escapeMarkup } from "#common/format.ts";
import type { Config } from "#server/config/env.server.ts";
import type { NewApp } from "#server/services/apps.server.ts";
import type { NewPost } from "#server/services/posts.server.ts";
import type { BannerArt, PaletteName } from "./demo-images.server.ts";
import type { DemoAuthor } from "./demo-staff.server.ts";

/** The picture drawn for a post or an app (see demo-images.server.ts). */
export type DemoArt = {
  palette: PaletteName;
  art: BannerArt;
  /** The label above the title, e.g. "World". */
  label: string;
  /** A shorter title for the picture when the real one is too long to set large. */
  title?: string;
};

export type DemoPost = Omit<NewPost, "featuredImage" | "authorId"> & {
  /** Absent: the post has no featured image, so the page's fallback shows. */
  art?: DemoArt;
  /** Who of the demo team wrote it. */
  author: DemoAuthor;
};

export type DemoApp = Omit<NewApp, "logoUrl" | "imageUrl"> & { palette: PaletteName };

/**
 * A time as the demo content writes it, relative to the seeding: `[days, hours]` from it
 * (negative for the past), or `days` from it at a clock hour (UTC).
 */
export type DemoTime = readonly [days: number, hours?: number] | { days: number; utcHour: number };

/** A post's fields that are times. */
const POST_TIMES = ["createdAt", "updatedAt", "publishedAt", "scheduledAt", "releaseDate"] as const;
type PostTime = (typeof POST_TIMES)[number];

/**
 * A demo post as written down: its times relative to the seeding, its marketplace page by its
 * id, and the studio's name and links as placeholders in its text (see fillDemoText).
 */
export type DemoPostData = Omit<DemoPost, PostTime | "marketplaceUrl"> & {
  [time in PostTime]?: DemoTime;
} & { marketplaceId?: string };

/** A demo app as written down: its release day relative to the seeding, placeholders in links. */
export type DemoAppData = Omit<DemoApp, "releaseDate"> & { releaseDate: DemoTime | null };

export type DemoSubscriber = { email: string; createdAt: string };

export type DemoContent = {
  posts: DemoPost[];
  apps: DemoApp[];
  subscribers: DemoSubscriber[];
};

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** What the demo posts and apps are written from: the configured studio and the seeding time. */
export type DemoContext = {
  now: Date;
  site: Config["siteDefaults"];
  /** The company name as text, and escaped for HTML (it comes from configuration). */
  studio: string;
  studioHtml: string;
  /** An ISO timestamp `days` (and `hours`) from now; negative for the past. */
  at: (days: number, hours?: number) => string;
  /** A marketplace product page by its id. */
  marketplace: (id: string) => string;
  /** Links to the studio's creator page, community server and video channel, as HTML. */
  creatorLink: string;
  communityLink: string;
  channelLink: string;
  /** The studio's registrable domain, for the addresses of its own apps. */
  studioDomain: string;
};

/** The demo post of `data` for this studio and seeding time. */
export function fillDemoPost(data: DemoPostData, context: DemoContext): DemoPost {
  const { marketplaceId, createdAt, updatedAt, publishedAt, scheduledAt, releaseDate, ...post } =
    data;
  const filled: DemoPost = {
    ...post,
    title: fillDemoText(post.title, context),
    content: fillDemoText(post.content, context),
    ...(post.excerpt ? { excerpt: fillDemoText(post.excerpt, context) } : {}),
    ...(marketplaceId ? { marketplaceUrl: context.marketplace(marketplaceId) } : {}),
  };
  for (const field of POST_TIMES) {
    const time = data[field];
    if (time) filled[field] = timeOf(time, context);
  }
  return filled;
}

/** The demo app of `data` for this studio and seeding time. */
export function fillDemoApp(data: DemoAppData, context: DemoContext): DemoApp {
  const link = (url: string | null) => (url === null ? null : fillDemoText(url, context));
  return {
    ...data,
    releaseDate: data.releaseDate === null ? null : timeOf(data.releaseDate, context),
    websiteUrl: link(data.websiteUrl),
    downloadUrl: link(data.downloadUrl),
  };
}

/**
 * The demo content's text with the configured studio in it: `{{studio}}` is its name as text,
 * `{{studioHtml}}` as HTML, `{{creatorLink}}`, `{{communityLink}}` and `{{channelLink}}` its
 * links as HTML, `{{editorUrl}}` and `{{studioDomain}}` the addresses of its own apps.
 */
export function fillDemoText(text: string, context: DemoContext): string {
  const values: Record<string, string> = {
    studio: context.studio,
    studioHtml: context.studioHtml,
    creatorLink: context.creatorLink,
    communityLink: context.communityLink,
    channelLink: context.channelLink,
    editorUrl: context.site.externalEditorUrl,
    studioDomain: context.studioDomain,
  };
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The demo content names no ${placeholder}.`);
    return value;
  });
}

function timeOf(time: DemoTime, { at, now }: DemoContext): string {
  return "utcHour" in time ? at(time.days, time.utcHour - now.getUTCHours()) : at(...time);
}

/** The context for the configured studio, dated around `now`. */
export function demoContext(config: Config, now: Date): DemoContext {
  const site = config.siteDefaults;
  const studio = site.companyName;
  // The name and links come from configuration, so they are escaped wherever they meet HTML.
  const studioHtml = escapeMarkup(studio);
  // Links that leave the site open in a new tab, as the editor's link button writes them.
  const external = ' target="_blank" rel="noopener noreferrer"';
  return {
    now,
    site,
    studio,
    studioHtml,
    at: (days, hours = 0) => new Date(now.getTime() + days * DAY + hours * HOUR).toISOString(),
    marketplace: (id) => `https://www.minecraft.net/en-us/marketplace/pdp?id=${id}`,
    creatorLink: `<a href="${escapeMarkup(site.marketplaceCreatorUrl)}"${external}>${studioHtml} on the Marketplace</a>`,
    communityLink: `<a href="${escapeMarkup(site.communityInviteUrl)}"${external}>community server</a>`,
    channelLink: `<a href="${escapeMarkup(site.videoChannelUrl)}"${external}>our YouTube channel</a>`,
    studioDomain: domainOf(site.externalEditorUrl),
  };
}

/** The studio's registrable domain, taken from its editor's address (editor.example.net -> example.net). */
function domainOf(url: string): string {
  const labels = new URL(url).hostname.split(".");
  return labels.length > 2 ? labels.slice(1).join(".") : labels.join(".");
}
