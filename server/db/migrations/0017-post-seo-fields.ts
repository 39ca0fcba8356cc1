import type { Kysely } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// A post's search and social settings (docs/product/editor.md#seo-and-social): what the page's
// head, the sitemap, the RSS feed and the JSON-LD say of it, each empty to use the default the
// post gives. Revisions record them too, so a restore brings them back.
//
// - metaTitle, metaDescription: the search result's title and text;
// - socialImage, socialTitle, socialDescription: the share card (Open Graph, Twitter card);
//   socialImage holds an upload file's name or an http(s) URL, like featuredImage;
// - canonicalUrl: the address search engines should credit (an http(s) URL), null for the
//   post's own;
// - noIndex: 1/true to keep the post out of search engines and the sitemap.

const TEXT_COLUMNS = [
  "metaTitle",
  "metaDescription",
  "socialImage",
  "socialTitle",
  "socialDescription",
  "canonicalUrl",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));
  for (const table of ["posts", "post_revisions"]) {
    for (const column of TEXT_COLUMNS) {
      await db.schema.alterTable(table).addColumn(column, "text").execute();
    }
    await db.schema
      .alterTable(table)
      .addColumn("noIndex", t.boolean, (c) => c.notNull().defaultTo(false))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["post_revisions", "posts"]) {
    for (const column of ["noIndex", ...TEXT_COLUMNS]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
