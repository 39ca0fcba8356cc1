import { useQuery } from "@tanstack/react-query";
import { useFormContext, useWatch } from "react-hook-form";
import { PostArticle, type PostArticleData } from "#app/components/site/post-article.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { type PostEditorValues, showsVideoUrl } from "#app/features/post-editor/post-form.ts";
import { marketplaceItemsQuery, publicEmbeddedItems } from "#app/lib/marketplace-items.ts";
import { MARKETPLACE_ITEM_ATTRIBUTE } from "#common/editor/embed-markup.ts";
import { renderEmbedsForPage } from "#common/editor/embed-render.ts";
import { postUrl } from "#common/paths.ts";

/** The form's values as the post page reads a post. */
export function previewPost(
  values: PostEditorValues,
  { publishedAt, now }: { publishedAt: string | null; now: string },
): PostArticleData {
  const marketplace = values.category === "marketplace-content";
  return {
    title: values.title.trim(),
    excerpt: values.excerpt.trim() || null,
    category: values.category,
    packType: marketplace ? values.packType || null : null,
    marketplaceUrl: marketplace ? values.marketplaceUrl.trim() || null : null,
    youtubeUrl: showsVideoUrl(values.category, values.packType)
      ? values.youtubeUrl.trim() || null
      : null,
    featuredImage: values.featuredImage || null,
    featuredImageAlt: values.featuredImageAlt.trim() || null,
    releaseDate: marketplace && values.releaseDate ? `${values.releaseDate}T00:00:00.000Z` : null,
    publishedAt: publishedAt ?? now,
    createdAt: now,
    tags: values.tags,
  };
}

/**
 * Preview: the post exactly as its public page renders it (the same PostArticle component),
 * from what the form holds now. Marketplace item cards show their items as the public page does
 * (docs/decisions/041-embed-cards.md); videos keep their player.
 */
export function PostPreview({
  publishedAt,
  siteUrl,
}: {
  publishedAt: string | null;
  siteUrl: string | null;
}) {
  const { control } = useFormContext<PostEditorValues>();
  const values = useWatch({ control }) as PostEditorValues;
  const now = new Date().toISOString();
  const hasCards = values.content.includes(MARKETPLACE_ITEM_ATTRIBUTE);
  const items = useQuery(marketplaceItemsQuery(hasCards));
  // Until the items arrive, cards show as stored.
  const contentHtml =
    hasCards && items.data
      ? renderEmbedsForPage(values.content, {
          items: publicEmbeddedItems(items.data ?? []),
          youtubeImageBaseUrl: null,
        })
      : values.content;
  return (
    <Card as="section" aria-label="Preview" layout="plain" className="overflow-hidden bg-night-950">
      <article>
        <PostArticle
          post={previewPost(values, { publishedAt, now })}
          contentHtml={contentHtml}
          now={now}
          shareUrl={postUrl(siteUrl ?? "", values.slug)}
        />
      </article>
    </Card>
  );
}
