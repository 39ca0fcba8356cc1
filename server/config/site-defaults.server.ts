import { z } from "zod";
import {
  type SiteSettingKey,
  type SiteSettings,
  SiteSettingsSchema,
} from "#common/schemas/site-settings.ts";

/**
 * The site settings' first-start defaults (docs/product/dashboard.md#settings-section), read from
 * the environment with the other variables (env.server.ts): the public pages show these until an
 * admin saves the settings in the dashboard, which then keeps the whole set in the database.
 */
export const SITE_DEFAULT_VARIABLES = {
  COMPANY_NAME: z.string().default("Override Studios"),
  /** A short line on the home page and in the footer; empty for none. */
  SITE_TAGLINE: z.string().default("Marketplace creators"),
  COMMUNITY_INVITE_URL: z.string().default("https://discord.gg/override-studios"),
  VIDEO_CHANNEL_URL: z.string().default("https://www.youtube.com/@overridestudios"),
  MARKETPLACE_CREATOR_URL: z
    .string()
    .default("https://www.minecraft.net/en-us/marketplace/creator/override-studios"),
  EXTERNAL_EDITOR_URL: z.string().default("https://editor.overridestudios.net"),
  PETITION_URL: z.string().default("https://www.change.org/p/unban-override-studios-apps"),
  /** An https address of the picture share previews show for pages without one; unset: none. */
  DEFAULT_SOCIAL_IMAGE: z.string().default(""),
};

type SiteDefaultVariable = keyof typeof SITE_DEFAULT_VARIABLES;

/** The variable each setting's default comes from. The footer's links have none: they start empty. */
const VARIABLE_OF = {
  companyName: "COMPANY_NAME",
  tagline: "SITE_TAGLINE",
  communityInviteUrl: "COMMUNITY_INVITE_URL",
  videoChannelUrl: "VIDEO_CHANNEL_URL",
  marketplaceCreatorUrl: "MARKETPLACE_CREATOR_URL",
  externalEditorUrl: "EXTERNAL_EDITOR_URL",
  petitionUrl: "PETITION_URL",
  defaultSocialImage: "DEFAULT_SOCIAL_IMAGE",
} as const satisfies Record<Exclude<SiteSettingKey, "footerLinks">, SiteDefaultVariable>;

/**
 * The defaults, checked with the Settings form's own rules (links: https only), so the
 * dashboard never starts from a value it would refuse; or a line per invalid variable.
 */
export function siteDefaultsFrom(
  env: Record<SiteDefaultVariable, string>,
): { settings: SiteSettings } | { problems: string[] } {
  const values = Object.fromEntries(
    Object.entries(VARIABLE_OF).map(([key, variable]) => [key, env[variable]]),
  );
  const parsed = SiteSettingsSchema.safeParse({ ...values, footerLinks: [] });
  if (parsed.success) return { settings: Object.freeze(parsed.data) };
  return {
    problems: parsed.error.issues.map((issue) => {
      const key = issue.path[0] as keyof typeof VARIABLE_OF;
      return `${VARIABLE_OF[key]}: ${issue.message}`;
    }),
  };
}
