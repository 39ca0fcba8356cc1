import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("rss.xml", "routes/resources/rss.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("studio", "routes/site/studio.tsx"),
    route("apps", "routes/site/apps.tsx"),
    route("videos", "routes/site/videos.tsx"),
    route("news", "routes/site/news.tsx"),
    route("blog/:slug", "routes/site/post.tsx", { id: "blog-post" }),
    route("post/:slug", "routes/site/post.tsx", { id: "post" }),
    route("unsubscribe", "routes/site/unsubscribe.tsx"),
    route("dashboard/:section?", "routes/dashboard.tsx"),
    route("login", "routes/login.tsx"),
    route("invite/:token", "routes/invite.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
