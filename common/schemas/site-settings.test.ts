import { describe, expect, it } from "vitest";
import {
  isHttpsUrl,
  isSitePath,
  SITE_SETTINGS_MESSAGES,
  SiteSettingsSchema,
} from "./site-settings.ts";

describe("isHttpsUrl", () => {
  it("takes an absolute https address with a host", () => {
    for (const url of [
      "https://discord.gg/studio",
      "HTTPS://Example.com/Path?q=1#top",
      "https://www.youtube.com/@studio",
    ]) {
      expect(isHttpsUrl(url), url).toBe(true);
    }
  });

  it("refuses other schemes, no host, credentials, spaces and overlong addresses", () => {
    for (const url of [
      "http://discord.gg/studio",
      "https://",
      "https:///path",
      "//discord.gg/studio",
      "discord.gg/studio",
      "javascript:alert(1)",
      "data:text/html,hi",
      "https://user:pass@example.com",
      "https://exa mple.com",
      `https://example.com/${"a".repeat(2000)}`,
    ]) {
      expect(isHttpsUrl(url), url).toBe(false);
    }
  });
});

describe("isSitePath", () => {
  it("takes a path of this site", () => {
    for (const path of ["/", "/news", "/news?tag=worlds", "/apps#pocket-dragons"]) {
      expect(isSitePath(path), path).toBe(true);
    }
  });

  it("refuses another host, a relative path, backslashes and spaces", () => {
    for (const path of ["//evil.example", "/\\evil.example", "news", "/a b", "/a\nb", ""]) {
      expect(isSitePath(path), JSON.stringify(path)).toBe(false);
    }
  });
});

describe("SiteSettingsSchema", () => {
  const valid = {
    companyName: "Blockworks",
    tagline: "",
    communityInviteUrl: "https://chat.example/invite",
    videoChannelUrl: "https://video.example/@blockworks",
    marketplaceCreatorUrl: "https://market.example/creator",
    externalEditorUrl: "https://editor.example",
    petitionUrl: "https://petition.example/p",
    defaultSocialImage: "",
    footerLinks: [],
  };

  it("takes an empty tagline and an empty social image", () => {
    expect(SiteSettingsSchema.parse(valid)).toEqual(valid);
  });

  it("names each link in its own message", () => {
    const result = SiteSettingsSchema.safeParse({ ...valid, videoChannelUrl: "http://v.example" });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["videoChannelUrl", SITE_SETTINGS_MESSAGES.link("videoChannelUrl")],
    ]);
    expect(SITE_SETTINGS_MESSAGES.link("communityInviteUrl")).toBe(
      "The community chat invite must be an https:// address.",
    );
  });

  it("refuses a social image that is neither an upload nor https", () => {
    for (const defaultSocialImage of [
      "/uploads/../secret",
      "share.png",
      "http://cdn.example/a.png",
    ]) {
      expect(SiteSettingsSchema.safeParse({ ...valid, defaultSocialImage }).success).toBe(false);
    }
  });
});
