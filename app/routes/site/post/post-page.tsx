import type { MetaDescriptor } from "react-router";
import { PostArticle, type PostArticleData } from "#app/components/site/post-article.tsx";
import { buildPostMeta, buildPostNotFoundMeta, type PostMetaPost } from "#app/lib/post-meta.ts";
import { useRootData } from "#app/root.tsx";
import { postUrl } from "#common/paths.ts";

// The post page's body and head, shared by the public page (/blog/{slug}) and a preview link's
// page (/preview/{token}), which must look exactly alike.

type PostPageView = {
  post: PostArticleData & PostMetaPost;
  contentHtml: string;
  description: string;
  now: string;
};

/** A post's page: a banner when there is one, then the article. */
export function PostPageBody({ data, banner }: { data: PostPageView; banner?: React.ReactNode }) {
  const siteUrl = useRootData()?.siteUrl ?? "";
  const shareUrl = postUrl(siteUrl, data.post.slug);
  return (
    <article>
      {banner}
      {/* Content sanitized against the editor's allow-list when it was stored. */}
      <PostArticle
        post={data.post}
        contentHtml={data.contentHtml}
        now={data.now}
        shareUrl={shareUrl}
      />
    </article>
  );
}

type RootMatch = {
  site: { companyName: string; defaultSocialImage: string };
  siteUrl: string;
};

/** The head of a post's page; "Post Not Found"'s without data. */
export function postPageMeta(
  data: PostPageView | undefined,
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootMatch | undefined;
  const companyName = root?.site.companyName ?? "";
  if (!data) return buildPostNotFoundMeta(companyName);
  return buildPostMeta({
    post: data.post,
    description: data.description,
    siteUrl: root?.siteUrl ?? "",
    companyName,
    defaultImage: root?.site.defaultSocialImage,
  });
}
