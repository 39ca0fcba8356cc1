import { randomUUID } from "node:crypto";
import { type ExpressionBuilder, sql } from "kysely";
import { UPLOADS_PATH } from "#common/editor/allowed-html.ts";
import { MEDIA_MESSAGES, type MediaSort, type MediaUseFilter } from "#common/schemas/media.ts";
import type { MediaDetails, MediaItem, MediaUse } from "#common/types/media.ts";
import type { Db } from "#server/db/db.server.ts";
import type { Database } from "#server/db/tables.ts";
import { containsText, textOrderKey } from "#server/db/text-order.ts";
import { HttpError } from "#server/errors.ts";

// The media library's rows (docs/decisions/040-media-library.md): pages of the Media section,
// one item with the places that use it, and the item's own text.

const ITEM_COLUMNS = [
  "media.id",
  "media.fileName",
  "media.originalName",
  "media.mimeType",
  "media.width",
  "media.height",
  "media.size",
  "media.altText",
  "media.caption",
  "media.createdAt",
  "media.updatedAt",
] as const;

type ItemRow = {
  id: string;
  fileName: string;
  originalName: string;
  mimeType: string;
  width: number;
  height: number;
  size: number;
  altText: string;
  caption: string;
  createdAt: string;
  updatedAt: string;
  uploaderName: string | null;
  useCount: number | string | bigint | null;
};

/** A media row as the API sends it. */
export function presentMediaItem(row: ItemRow): MediaItem {
  return {
    id: row.id,
    fileName: row.fileName,
    url: `${UPLOADS_PATH}${row.fileName}`,
    originalName: row.originalName,
    mimeType: row.mimeType,
    width: Number(row.width),
    height: Number(row.height),
    size: Number(row.size),
    altText: row.altText,
    caption: row.caption,
    uploadedBy: row.uploaderName,
    uploadedAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    useCount: Number(row.useCount ?? 0),
  };
}

/** The item columns, the uploader's name and the number of uses. */
function selectItems(db: Db) {
  return db
    .selectFrom("media")
    .leftJoin("users", "users.id", "media.uploadedBy")
    .select(ITEM_COLUMNS)
    .select((eb) => [
      eb.fn.coalesce("users.name", "users.email").as("uploaderName"),
      eb
        .selectFrom("media_uses")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("media_uses.mediaId", "=", "media.id")
        .as("useCount"),
    ]);
}

const isUsed = (eb: ExpressionBuilder<Database, "media">) =>
  eb.exists(
    eb
      .selectFrom("media_uses")
      .select("media_uses.mediaId")
      .whereRef("media_uses.mediaId", "=", "media.id"),
  );

export type MediaPageRequest = {
  page: number;
  pageSize: number;
  sort: MediaSort;
  term: string;
  use: MediaUseFilter;
  /** Only items uploaded before this instant (the clean-up's age). */
  before?: string;
};

/** One page of the library in the asked order, and how many items match in all. */
export async function pageMedia(
  db: Db,
  request: MediaPageRequest,
): Promise<{ items: MediaItem[]; total: number }> {
  const { page, pageSize, sort, term, use, before } = request;
  const where = (eb: ExpressionBuilder<Database, "media">) => {
    const conditions = [];
    if (term !== "") {
      conditions.push(
        eb.or([
          containsText(db, "media.originalName", term),
          containsText(db, "media.altText", term),
        ]),
      );
    }
    if (use === "used") conditions.push(isUsed(eb));
    if (use === "unused") conditions.push(eb.not(isUsed(eb)));
    if (before) conditions.push(eb("media.createdAt", "<", before));
    return eb.and(conditions);
  };
  const direction = sort.startsWith("-") ? "desc" : "asc";
  let rows = selectItems(db).where(where);
  rows =
    sort === "name" || sort === "-name"
      ? rows
          .orderBy(textOrderKey(db, "media.originalName", { lower: true }), direction)
          .orderBy("media.id", direction)
      : rows.orderBy("media.createdAt", direction).orderBy("media.id", direction);
  const [items, count] = await Promise.all([
    rows
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("media")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: items.map(presentMediaItem), total: Number(count.count) };
}

const couldBeId = (id: string) => id.length <= 100 && !id.includes("\0");

/** One item, or null. */
export async function getMediaItem(db: Db, id: string): Promise<MediaItem | null> {
  if (!couldBeId(id)) return null;
  const row = await selectItems(db).where("media.id", "=", id).executeTakeFirst();
  return row ? presentMediaItem(row) : null;
}

/** One item, or a 404. */
export async function requireMediaItem(db: Db, id: string): Promise<MediaItem> {
  const item = await getMediaItem(db, id);
  if (!item) throw HttpError.notFound(MEDIA_MESSAGES.notFound);
  return item;
}

const FIELD_LABELS: Record<string, string> = {
  content: "Content",
  featuredImage: "Featured image",
  socialImage: "Social image",
  changes: "Unsaved changes",
  logoUrl: "Logo",
  imageUrl: "Image",
  defaultSocialImage: "Default social image",
};

/** Every place that uses the item: posts (and marketplace items), apps, the settings. */
export async function listMediaUses(db: Db, mediaId: string): Promise<MediaUse[]> {
  const rows = await db
    .selectFrom("media_uses")
    .leftJoin("posts", "posts.id", "media_uses.postId")
    .leftJoin("apps", "apps.id", "media_uses.appId")
    .select([
      "media_uses.field",
      "media_uses.postId",
      "media_uses.appId",
      "posts.title as postTitle",
      "posts.category",
      "apps.name as appName",
    ])
    .where("media_uses.mediaId", "=", mediaId)
    .orderBy("media_uses.owner")
    .orderBy("media_uses.field")
    .execute();
  return rows.map((row): MediaUse => {
    const kind = row.postId ? "post" : row.appId ? "app" : "settings";
    return {
      kind,
      ownerId: row.postId ?? row.appId ?? null,
      title: row.postTitle ?? row.appName ?? "Site settings",
      category: row.category ?? null,
      field: row.field,
      fieldLabel: FIELD_LABELS[row.field] ?? row.field,
    };
  });
}

/** One item with the places that use it, or a 404. */
export async function getMediaDetails(db: Db, id: string): Promise<MediaDetails> {
  const item = await requireMediaItem(db, id);
  return { ...item, uses: await listMediaUses(db, id) };
}

/** Changes an item's alt text and caption (what is given of them). */
export async function updateMediaText(
  db: Db,
  id: string,
  input: { altText?: string | undefined; caption?: string | undefined },
  now = new Date(),
): Promise<MediaDetails> {
  await requireMediaItem(db, id);
  await db
    .updateTable("media")
    .set({
      ...(input.altText === undefined ? {} : { altText: input.altText }),
      ...(input.caption === undefined ? {} : { caption: input.caption }),
      updatedAt: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
  return getMediaDetails(db, id);
}

export type NewMedia = {
  fileName: string;
  originalName: string;
  mimeType: string;
  width: number;
  height: number;
  size: number;
  altText?: string;
  caption?: string;
  uploadedBy: string | null;
  createdAt?: string;
};

/**
 * Records a stored image as a media item; a file already recorded keeps its row. The uses that
 * already name the file (a post saved before its row existed) are not looked for here: the
 * start-up backfill derives those.
 */
export async function insertMedia(db: Db, media: NewMedia): Promise<string> {
  const now = new Date().toISOString();
  const id = randomUUID();
  await db
    .insertInto("media")
    .values({
      id,
      altText: "",
      caption: "",
      ...media,
      createdAt: media.createdAt ?? now,
      updatedAt: media.createdAt ?? now,
    })
    .onConflict((oc) => oc.column("fileName").doNothing())
    .execute();
  const row = await db
    .selectFrom("media")
    .select("id")
    .where("fileName", "=", media.fileName)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The number of items (for the bench and the backfill's log). */
export async function countMedia(db: Db): Promise<number> {
  const row = await db
    .selectFrom("media")
    .select(sql<number | string>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
