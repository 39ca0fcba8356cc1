import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("sitemap-pages.xml", "routes/resources/sitemap-pages.ts"),
  route("sitemap-posts.xml", "routes/resources/sitemap-posts.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("rss.xml", "routes/resources/rss.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home/home.tsx", { id: "routes/site/home" }),
    route("studio", "routes/site/studio/studio.tsx", { id: "routes/site/studio" }),
    route("apps", "routes/site/apps/apps.tsx", { id: "routes/site/apps" }),
    route("videos", "routes/site/videos/videos.tsx", { id: "routes/site/videos" }),
    route("news", "routes/site/news/news.tsx", { id: "routes/site/news" }),
    route("blog/:slug", "routes/site/post/post.tsx", { id: "blog-post" }),
    route("post/:slug", "routes/site/post/post.tsx", { id: "post" }),
    route("preview/:token", "routes/site/post/preview.tsx"),
    route("unsubscribe", "routes/site/unsubscribe/unsubscribe.tsx", {
      id: "routes/site/unsubscribe",
    }),
    route("unsubscribe/:token", "routes/site/unsubscribe/unsubscribe-link.tsx"),
    route("subscribe", "routes/site/subscribe/subscribe.tsx"),
    route("subscribe/confirm/:token", "routes/site/confirm-subscription/confirm-subscription.tsx"),
    route("dashboard/:section?", "routes/dashboard.tsx"),
    route("login", "routes/login.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password/:token", "routes/reset-password.tsx"),
    route("invite/:token", "routes/invite.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
