import { LinkIcon } from "lucide-react";
import { data } from "react-router";
import {
  CenteredCard,
  CenteredCardLink,
  CenteredCardOutcome,
} from "#app/components/site/centered-card.tsx";
import { PreviewLinkNotice } from "#app/components/site/post-status.tsx";
import { loadAsDocument, staticPage } from "#app/lib/page-hydration.ts";
import { siteMeta } from "#app/lib/site-meta.ts";
import { serverContext } from "#server/context.server.ts";
import { findPreview } from "#server/services/preview-links.server.ts";
import type { Route } from "./+types/preview.ts";
import { PostPageBody, postPageMeta } from "./post-page.tsx";
import { postPageData } from "./post-page-data.server.ts";

// A post opened through a preview link (docs/product/public-site.md#preview-link). The server
// sends every answer under /preview/ with `X-Robots-Tag: noindex`, `Cache-Control: no-store`
// and `Referrer-Policy: no-referrer`, and the response cache never keeps one
// (docs/decisions/034-preview-links.md).

/** Server-rendered HTML with the site script, not hydrated, like the post page it shows. */
export const handle = staticPage;
export const clientMiddleware = [loadAsDocument];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
  const now = new Date();
  const found = await findPreview(db, params.token, now);
  if (found.state !== "live") {
    // Unknown: 404. Expired or revoked (kept 30 days after it ended): 410, gone for good.
    return data({ page: null }, { status: found.state === "ended" ? 410 : 404 });
  }
  const { state, ...page } = await postPageData(db, found.post, now, {
    youtubeImageBaseUrl: config.youtube.imageBaseUrl,
  });
  return {
    page: {
      ...page,
      notLive: state.status === "published" && found.workingCopy,
      expiresAt: found.expiresAt,
    },
  };
}

export default function PreviewPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) {
    return (
      <CenteredCard>
        <CenteredCardOutcome
          icon={<LinkIcon />}
          tone="redstone"
          title="This preview link is not valid or has expired"
          text="Ask whoever shared it with you for a new link."
        >
          <CenteredCardLink to="/">Back to home</CenteredCardLink>
        </CenteredCardOutcome>
      </CenteredCard>
    );
  }
  return (
    <PostPageBody
      data={page}
      banner={<PreviewLinkNotice notLive={page.notLive} expiresAt={page.expiresAt} />}
    />
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const noindex = { name: "robots", content: "noindex, nofollow" };
  if (!loaderData?.page) {
    const [title] = siteMeta(matches, { title: "Preview link", noindex: true });
    return [title, noindex];
  }
  // The page's own robots line replaces the one of a post kept out of search engines.
  const meta = postPageMeta(loaderData.page, matches).filter(
    (tag) => !("name" in tag && tag.name === "robots"),
  );
  return [...meta, noindex];
}
