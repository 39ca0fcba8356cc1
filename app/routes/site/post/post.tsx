import { data, redirect } from "react-router";
import { PostArticle } from "#app/components/site/post-article.tsx";
import { PostNotFound, PostPreviewNotice } from "#app/components/site/post-status.tsx";
import { loadAsDocument, staticPage } from "#app/lib/page-hydration.ts";
import { buildPostMeta, buildPostNotFoundMeta, summarize } from "#app/lib/post-meta.ts";
import { useRootData } from "#app/root.tsx";
import { htmlToPlainText } from "#common/content-rules.ts";
import { postUrl } from "#common/paths.ts";
import type { Post } from "#common/types/post.ts";
import { getAudience } from "#server/auth/page-access.server.ts";
import { serverContext } from "#server/context.server.ts";
import { presentPost } from "#server/presenters/post.server.ts";
import { findPostBySlug } from "#server/services/posts.server.ts";
import { lazyLoadMedia } from "#server/services/sanitize-html.server.ts";
import type { Route } from "./+types/post.ts";

/** What the page shows of a post: everything public except the raw content. */
export type PostPageData = Omit<Post, "content" | "status" | "scheduledAt" | "timezone">;

/** A post staff see before it is public: a draft, or scheduled for later. */
export type PostPreview = { status: string; scheduledAt: string | null; timezone: string | null };

/** Server-rendered HTML with the site script, not hydrated (docs/decisions/031-static-public-pages.md). */
export const handle = staticPage;
export const clientMiddleware = [loadAsDocument];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  const now = new Date();
  // Staff see drafts and posts not yet due, to check them before they go out.
  const audience = await getAudience(context, request);
  const found = await findPostBySlug(db, params.slug, { now, audience });
  // Missing, draft and not-yet-due posts alike: the visitor learns only that there is no post.
  if (!found) throw data(null, { status: 404 });
  if (found.kind === "moved") {
    // A post renamed after publication keeps its old address working.
    const section = new URL(request.url).pathname.startsWith("/post/") ? "post" : "blog";
    throw redirect(`/${section}/${encodeURIComponent(found.slug)}`, 301);
  }
  const { content, status, scheduledAt, timezone, ...post } = presentPost(found.post, now);
  // Stored sanitized: every write sanitizes, and so did migration 0007 for older rows
  // (docs/decisions/010-sanitize-on-write.md). Only the display's lazy loading is added here.
  const contentHtml = lazyLoadMedia(content);
  const description = post.excerpt?.trim() || summarize(htmlToPlainText(contentHtml));
  const preview: PostPreview | null =
    status === "published" ? null : { status, scheduledAt, timezone };
  return data(
    {
      post: post satisfies PostPageData,
      contentHtml,
      description,
      /** The time of rendering, so the browser's "released or not" agrees with the server's. */
      now: now.toISOString(),
      preview,
    },
    // A page only staff may see is nobody else's to keep.
    preview ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, contentHtml, now, preview } = loaderData;
  const siteUrl = useRootData()?.siteUrl ?? "";
  const shareUrl = postUrl(siteUrl, post.slug);
  return (
    <article>
      {preview ? <PostPreviewNotice {...preview} /> : null}
      {/* Content sanitized against the editor's allow-list when it was stored. */}
      <PostArticle post={post} contentHtml={contentHtml} now={now} shareUrl={shareUrl} />
    </article>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { site: { companyName: string; defaultSocialImage: string }; siteUrl: string }
    | undefined;
  const companyName = root?.site.companyName ?? "";
  if (!loaderData) return buildPostNotFoundMeta(companyName);
  const meta = buildPostMeta({
    post: loaderData.post,
    description: loaderData.description,
    siteUrl: root?.siteUrl ?? "",
    companyName,
    defaultImage: root?.site.defaultSocialImage,
  });
  return loaderData.preview ? [...meta, { name: "robots", content: "noindex" }] : meta;
}

/** A missing or hidden post (404), and any failure to load one: 'Post Not Found'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!(error && typeof error === "object" && "status" in error)) console.error(error);
  return <PostNotFound />;
}
