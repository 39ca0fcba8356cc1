import { describe, expect, it } from "vitest";
import {
  appPath,
  confirmSubscriptionPath,
  newsTagPath,
  postPath,
  postUrl,
  UNSUBSCRIBE_PATH,
  unsubscribeLinkPath,
} from "./paths.ts";

const SITE = "https://studio.example";

describe("postPath", () => {
  it("is /blog/{slug}, the slug as people read it", () => {
    expect(postPath("pocket-dragons")).toBe("/blog/pocket-dragons");
    expect(postPath("café-news")).toBe("/blog/café-news");
  });
});

describe("postUrl", () => {
  it("is /blog/{slug} on the site's origin", () => {
    expect(postUrl(SITE, "pocket-dragons")).toBe(`${SITE}/blog/pocket-dragons`);
    expect(postUrl(`${SITE}/`, "a")).toBe(`${SITE}/blog/a`);
  });

  it("encodes characters a slug should not have", () => {
    expect(postUrl(SITE, "a b/c?d")).toBe(`${SITE}/blog/a%20b%2Fc%3Fd`);
    expect(postUrl(SITE, "café")).toBe(`${SITE}/blog/caf%C3%A9`);
  });
});

describe("newsTagPath", () => {
  it("is the news page with the tag in its query string", () => {
    expect(newsTagPath("worlds")).toBe("/news?tag=worlds");
    expect(newsTagPath("Redstone Tips & tricks")).toBe("/news?tag=Redstone+Tips+%26+tricks");
  });
});

describe("appPath", () => {
  it("is the app's place on the Apps & Tools page", () => {
    expect(appPath("block-mapper")).toBe("/apps#block-mapper");
  });
});

describe("subscriber links", () => {
  it("lead to the unsubscribe form, a subscriber's own unsubscribe page and the confirmation page", () => {
    expect(UNSUBSCRIBE_PATH).toBe("/unsubscribe");
    expect(unsubscribeLinkPath("id.mac_-")).toBe("/unsubscribe/id.mac_-");
    expect(confirmSubscriptionPath("id.exp.mac")).toBe("/subscribe/confirm/id.exp.mac");
  });

  it("encode a token that was typed or changed by hand", () => {
    expect(unsubscribeLinkPath("a/b?c")).toBe("/unsubscribe/a%2Fb%3Fc");
    expect(confirmSubscriptionPath("a b")).toBe("/subscribe/confirm/a%20b");
  });
});
