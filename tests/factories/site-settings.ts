import { randomBytes } from "node:crypto";
import type { SiteSettings } from "#common/schemas/site-settings.ts";

/** A whole set of valid site settings, unlike any other; override only what the test is about. */
export function fakeSiteSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  const id = randomBytes(4).toString("hex");
  return {
    companyName: `Blockwright ${id}`,
    tagline: `Worlds built by hand ${id}`,
    communityInviteUrl: `https://chat.example/invite/${id}`,
    videoChannelUrl: `https://video.example/@blockwright-${id}`,
    marketplaceCreatorUrl: `https://market.example/creator/${id}`,
    externalEditorUrl: `https://editor.example/${id}`,
    petitionUrl: `https://petition.example/p/${id}`,
    defaultSocialImage: `https://images.example/${id}.png`,
    footerLinks: [
      { label: "Press kit", href: `https://press.example/${id}` },
      { label: "News", href: "/news" },
    ],
    ...overrides,
  };
}
