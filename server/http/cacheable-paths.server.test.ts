import { describe, expect, it } from "vitest";
import { classifyPath } from "./cacheable-paths.server.ts";

const STATIC = new Set(["assets", "favicon.svg"]);

describe("classifyPath", () => {
  it("keeps the public reads of the API", () => {
    for (const path of [
      "/api/posts/published",
      "/api/posts/public",
      "/api/posts/slug/a-post",
      "/api/posts/slug/a%20post",
      "/api/portfolio",
      "/api/portfolio/",
      "/api/portfolio/stats",
      "/api/apps",
    ]) {
      expect(classifyPath(path, STATIC), path).toBe("plain");
    }
  });

  it("never keeps the rest of the API: sign-in, staff calls, writes' paths, unknown paths", () => {
    for (const path of [
      "/api",
      "/api/",
      "/api/auth/user",
      "/api/auth/get-session",
      "/api/login",
      "/api/logout",
      "/api/posts",
      "/api/posts/123",
      "/api/posts/slug/a/b",
      "/api/employees",
      "/api/invitations/abc",
      "/api/newsletter/subscribe",
      "/api/subscribers",
      "/api/dashboard/stats",
      "/api/no-such-thing",
    ]) {
      expect(classifyPath(path, STATIC), path).toBeNull();
    }
  });

  it("keeps public pages and their data requests", () => {
    for (const path of [
      "/",
      "/studio",
      "/apps",
      "/news",
      "/videos",
      "/blog/a-post",
      "/post/a-post",
      "/_root.data",
      "/news.data",
      "/blog/a-post.data",
      "/sitemap.xml",
      "/rss.xml",
      "/robots.txt",
      "/__manifest",
      "/no-such-page",
    ]) {
      expect(classifyPath(path, STATIC), path).toBe("page");
    }
  });

  it("never keeps staff and personal pages, health, uploads or build files", () => {
    for (const path of [
      "/dashboard",
      "/dashboard.data",
      "/Dashboard",
      "/%64ashboard",
      "/login",
      "/login.data",
      "/invite/some-token",
      "/forgot-password",
      "/reset-password/some-token",
      "/reset-password/some-token.data",
      "/unsubscribe",
      "/preview/some-token",
      "/preview/some-token.data",
      "/healthz",
      "/uploads/a.png",
      "/assets/entry.client-abc.js",
      "/favicon.svg",
      "/%E0%A4%A",
    ]) {
      expect(classifyPath(path, STATIC), path).toBeNull();
    }
  });
});
