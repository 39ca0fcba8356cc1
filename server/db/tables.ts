import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { MediaTable, MediaUsesTable } from "./media-tables.ts";
import type {
  NewsletterDeliveriesTable,
  NewsletterPaceTable,
  NewsletterSendingsTable,
} from "./newsletter-tables.ts";
import type {
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from "./webhook-tables.ts";

export type { DeliveryStatus } from "./newsletter-tables.ts";

/**
 * Table and row types. Tables are plural snake_case; columns are camelCase, spelled exactly
 * like the JSON fields of the API and like better-auth's own tables (docs/decisions/001).
 * Timestamps are ISO-8601 UTC strings on both databases (see db.server.ts).
 */
export type Database = {
  posts: PostsTable;
  apps: AppsTable;
  subscribers: SubscribersTable;
  employees: EmployeesTable;
  rate_limits: RateLimitsTable;
  job_leases: JobLeasesTable;
  site_settings: SiteSettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  invitations: InvitationsTable;
  post_slug_redirects: PostSlugRedirectsTable;
  post_working_copies: PostWorkingCopiesTable;
  post_revisions: PostRevisionsTable;
  post_tags: PostTagsTable;
  newsletter_sendings: NewsletterSendingsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  newsletter_pace: NewsletterPaceTable;
  confirmation_mail_limits: ConfirmationMailLimitsTable;
  preview_links: PreviewLinksTable;
  subscriber_complaints: SubscriberComplaintsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  media: MediaTable;
  media_uses: MediaUsesTable;
};

export type PostsTable = {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  status: string;
  category: string;
  packType: string | null;
  marketplaceUrl: string | null;
  youtubeUrl: string | null;
  featuredImage: string | null;
  featuredImageAlt: string | null;
  /** Search and social settings (docs/product/content-model.md#posts); null: the default. */
  metaTitle: string | null;
  metaDescription: string | null;
  socialImage: string | null;
  socialTitle: string | null;
  socialDescription: string | null;
  canonicalUrl: string | null;
  /** 0/1 on SQLite, boolean on PostgreSQL. */
  noIndex: Generated<boolean | number>;
  scheduledAt: string | null;
  timezone: string | null;
  releaseDate: string | null;
  publishedAt: string | null;
  /** JSON array of strings. */
  tags: string;
  authorId: string | null;
  createdAt: string;
  updatedAt: string;
  /** 1 when created; every write through the API adds one (docs/decisions/008-editor-saves.md). */
  version: Generated<number>;
  /** The user id of whoever saved the post last; null when nobody has through the API. */
  updatedBy: string | null;
  /**
   * 0/1 (SQLite) or boolean: the post's newsletter goes out when the post goes live
   * (docs/decisions/038-newsletter-with-the-post.md); cleared when the sending starts.
   */
  newsletterOnPublish: Generated<boolean | number>;
  /** Who planned that newsletter: its sender. */
  newsletterRequestedBy: string | null;
};

/**
 * A published or scheduled post's autosaved edits, kept apart from the post so the public page
 * stays as it is until someone saves it (one row per post).
 */
export type PostWorkingCopiesTable = {
  postId: string;
  /** JSON object of the editor's fields (WorkingCopyValues in common/types/post-revision.ts). */
  values: string;
  /** The post's version the copy was made from. */
  baseVersion: number;
  /** The user id of whoever saved it. */
  savedBy: string | null;
  savedAt: string;
};

/** A post as one save left it: every manual save adds one; autosaves are coalesced. */
export type PostRevisionsTable = {
  id: string;
  postId: string;
  /** create, save, update, publish, schedule, unpublish, autosave, restore or tags. */
  kind: string;
  /** The post's status after that save. */
  status: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  featuredImage: string | null;
  featuredImageAlt: string | null;
  /** Search and social settings (docs/product/content-model.md#posts); null: the default. */
  metaTitle: string | null;
  metaDescription: string | null;
  socialImage: string | null;
  socialTitle: string | null;
  socialDescription: string | null;
  canonicalUrl: string | null;
  /** 0/1 on SQLite, boolean on PostgreSQL. */
  noIndex: Generated<boolean | number>;
  /** JSON array of strings. */
  tags: string;
  /** The post's author. */
  authorId: string | null;
  /** The user id of whoever saved it. */
  savedBy: string | null;
  createdAt: string;
  /**
   * An autosave revision: when the stretch of autosaves it stands for began. Later autosaves by
   * the same person replace it until this is 10 minutes old, so at most one is kept per 10
   * minutes. Null for other kinds.
   */
  coalesceFrom: string | null;
};

/**
 * One tag of one post: posts.tags as rows, so the staff list's tag filter and the tag counts
 * walk an index. Kept in step by every write of a post's tags; deleted with its post.
 */
export type PostTagsTable = {
  postId: string;
  tag: string;
};

/** An old slug of a published post, answered with a permanent redirect to its current slug. */
export type PostSlugRedirectsTable = {
  slug: string;
  postId: string;
  createdAt: string;
};

export type AppsTable = {
  id: string;
  name: string;
  slug: string;
  category: string;
  relationship: string;
  status: string;
  logoUrl: string | null;
  imageUrl: string | null;
  shortDescription: string;
  description: string;
  downloadCount: number;
  rating: number | null;
  releaseDate: string | null;
  /** JSON array of platform names. */
  platforms: string;
  websiteUrl: string | null;
  downloadUrl: string | null;
  sortOrder: Generated<number>;
  createdAt: string;
  updatedAt: string;
};

export type SubscribersTable = {
  id: string;
  /** Trimmed and lower-cased, unique. */
  email: string;
  createdAt: string;
  /** See SubscriberStatus; only active addresses get newsletters. */
  status: Generated<SubscriberStatus>;
  /** When the address became active; null while pending. */
  confirmedAt: string | null;
  /** When the last confirmation mail was sent; null when none was. */
  confirmationSentAt: string | null;
  /** When the address bounced for good (migration 0019); null unless bounced. */
  bouncedAt: string | null;
  /** The mail server's or provider's answer when it bounced. */
  bounceReason: string | null;
};

/** pending until confirmed, then active; bounced once refused for good (decision 036). */
export type SubscriberStatus = "pending" | "active" | "bounced";

/** A reader marked a newsletter as spam (docs/decisions/036-bounces.md): unsubscribed, kept here. */
export type SubscriberComplaintsTable = {
  id: string;
  email: string;
  /** The provider's words (its feedback type), when it gave any. */
  reason: string | null;
  receivedAt: string;
};

export type EmployeesTable = {
  id: string;
  /** Lower-cased, unique. */
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  /** 0/1 on SQLite, boolean on PostgreSQL. */
  isActive: boolean | number;
  createdAt: string;
  updatedAt: string;
};

export type RateLimitsTable = {
  key: string;
  hits: number;
  resetAt: string;
};

/**
 * Who runs a background job now, on SQLite (PostgreSQL uses an advisory lock and leaves it
 * empty): server/jobs/job-lease.server.ts.
 */
export type JobLeasesTable = {
  name: string;
  /** The process holding the lease (host, PID and a random part). */
  holder: string;
  /** When the lease lapses if its holder has not given it back (it died). */
  expiresAt: string;
};

/**
 * The site settings saved in the dashboard (migration 0011): one row, id "site", the whole set
 * as JSON (docs/decisions/023-site-settings.md).
 */
export type SiteSettingsTable = {
  id: string;
  /** The settings as JSON, checked with common/schemas/site-settings.ts when read. */
  value: string;
  /** 1 on the first save, one more on each. */
  version: number;
  updatedAt: string;
  /** The e-mail of who saved last. */
  updatedBy: string | null;
};

/** better-auth's tables (migration 0002); better-auth reads and writes them itself. */
export type UsersTable = {
  id: string;
  name: string;
  /** Lower-cased, unique. */
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: string;
  updatedAt: string;
};

export type SessionsTable = {
  id: string;
  expiresAt: string;
  /** The value of the session cookie (before signing). */
  token: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
};

export type AccountsTable = {
  id: string;
  accountId: string;
  /** "credential" for e-mail and password; otherwise the identity provider's id. */
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
  scope: string | null;
  /** The password hash of a credential account. */
  password: string | null;
  createdAt: string;
  updatedAt: string;
};

export type VerificationsTable = {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
};

export type InvitationsTable = {
  id: string;
  employeeId: string;
  /** SHA-256 of the token in the link; the token itself is never stored. */
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  /** The user id of the admin who created it. */
  createdBy: string | null;
  createdAt: string;
};

/**
 * How many confirmation mails one recipient got lately, kept apart from the subscriber rows so
 * it outlives unsubscribing (migration 0015); the address is known only by a keyed hash.
 */
export type ConfirmationMailLimitsTable = {
  /** HMAC-SHA-256 of the normalised address with the site's secret. */
  addressKey: string;
  /** When the current 24-hour window began (with its first mail). */
  windowStartedAt: string;
  mailsInWindow: number;
  /** The latest mail; null once a mail that could not be sent gave its place back. */
  lastMailedAt: string | null;
  /** The mail before the latest, restored when the latest could not be sent. */
  previousMailedAt: string | null;
};

/**
 * A post's preview links (migration 0016): who holds the token sees the post as its page will
 * look, until it expires or is revoked. Only the token's hash is kept.
 */
export type PreviewLinksTable = {
  id: string;
  postId: string;
  /** SHA-256 of the token, base64url. */
  tokenHash: string;
  /** The user id of whoever made it. */
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
};

export type PostRow = Selectable<PostsTable>;
export type NewPostRow = Insertable<PostsTable>;
export type PostUpdate = Updateable<PostsTable>;
export type PostWorkingCopyRow = Selectable<PostWorkingCopiesTable>;
export type PostRevisionRow = Selectable<PostRevisionsTable>;
export type PreviewLinkRow = Selectable<PreviewLinksTable>;
export type AppRow = Selectable<AppsTable>;
export type NewAppRow = Insertable<AppsTable>;
export type SubscriberRow = Selectable<SubscribersTable>;
export type EmployeeRow = Selectable<EmployeesTable>;
export type NewEmployeeRow = Insertable<EmployeesTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type NewsletterSendingRow = Selectable<NewsletterSendingsTable>;
export type NewsletterDeliveryRow = Selectable<NewsletterDeliveriesTable>;
