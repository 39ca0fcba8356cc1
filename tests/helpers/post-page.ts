import { RouterContextProvider } from "react-router";
import { loader as postPageLoader } from "#app/routes/site/post/post.tsx";
import type { Post } from "#common/types/post.ts";
import { serverContext } from "#server/context.server.ts";
import type { TestServer } from "./test-server.ts";

/**
 * What a visitor gets of a post: the public API's answer and the post page's loader data (the
 * page renders exactly that), without the time of rendering.
 */
export async function publicView(server: TestServer, slug: string) {
  const api = await server.request(`/api/posts/slug/${encodeURIComponent(slug)}`);
  const context = new RouterContextProvider();
  context.set(serverContext, server.context);
  const request = new Request(`${server.config.siteUrl}/blog/${encodeURIComponent(slug)}`);
  const page = await postPageLoader({ request, params: { slug }, context } as never);
  // The time of rendering differs from call to call; everything else is the post.
  const { now: _now, ...pageData } = page.data;
  return { status: api.status, api: (await api.json()) as Post, page: pageData };
}
