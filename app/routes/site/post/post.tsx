import { data, redirect } from "react-router";
import { PostNotFound, PostPreviewNotice } from "#app/components/site/post-status.tsx";
import { loadAsDocument, staticPage } from "#app/lib/page-hydration.ts";
import { getAudience } from "#server/auth/page-access.server.ts";
import { serverContext } from "#server/context.server.ts";
import { findPostBySlug } from "#server/services/posts.server.ts";
import type { Route } from "./+types/post.ts";
import { PostPageBody, postPageMeta } from "./post-page.tsx";
import { type PostPageState, postPageData } from "./post-page-data.server.ts";

/** A post staff see before it is public: a draft, or scheduled for later. */
export type PostPreview = PostPageState;

/** Server-rendered HTML with the site script, not hydrated (docs/decisions/031-static-public-pages.md). */
export const handle = staticPage;
export const clientMiddleware = [loadAsDocument];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
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
  const { state, ...page } = await postPageData(db, found.post, now, {
    youtubeImageBaseUrl: config.youtube.imageBaseUrl,
  });
  const preview: PostPreview | null = state.status === "published" ? null : state;
  return data(
    { ...page, preview },
    // A page only staff may see is nobody else's to keep.
    preview ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  return (
    <PostPageBody data={loaderData} banner={preview ? <PostPreviewNotice {...preview} /> : null} />
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const meta = postPageMeta(loaderData, matches);
  // A post kept out of search engines already says so.
  const hidden = loaderData?.preview && !loaderData.post.noIndex;
  return hidden ? [...meta, { name: "robots", content: "noindex" }] : meta;
}

/** A missing or hidden post (404), and any failure to load one: 'Post Not Found'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!(error && typeof error === "object" && "status" in error)) console.error(error);
  return <PostNotFound />;
}
