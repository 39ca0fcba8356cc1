import { z } from "#common/zod.ts";

/**
 * The site settings admins change in the dashboard's Settings section
 * (docs/product/dashboard.md#settings-section), shown on the public pages. The same schema checks
 * the form, `PUT /api/settings`, and what the server reads back from the database.
 */

export const MAX_COMPANY_NAME_LENGTH = 80;
export const MAX_TAGLINE_LENGTH = 120;
export const MAX_FOOTER_LINKS = 8;
export const MAX_FOOTER_LINK_LABEL_LENGTH = 40;
const MAX_URL_LENGTH = 2000;

/** The links, in the form's order, with the name each has in messages. */
export const SITE_LINK_NAMES = {
  communityInviteUrl: "The community chat invite",
  videoChannelUrl: "The video channel",
  marketplaceCreatorUrl: "The marketplace creator page",
  externalEditorUrl: "The external editor link",
  petitionUrl: "The petition link",
} as const;

export type SiteLinkKey = keyof typeof SITE_LINK_NAMES;

/** The messages of the settings form, one per rule, so the form and tests can refer to them. */
export const SITE_SETTINGS_MESSAGES = {
  companyNameRequired: "Enter the company name.",
  companyNameTooLong: `The company name must be at most ${MAX_COMPANY_NAME_LENGTH} characters.`,
  taglineTooLong: `The tagline must be at most ${MAX_TAGLINE_LENGTH} characters.`,
  plainText: "Use plain text on one line, without control characters.",
  link: (key: SiteLinkKey) => `${SITE_LINK_NAMES[key]} must be an https:// address.`,
  socialImage:
    "The default social image must be an uploaded image or an https:// address of an image.",
  footerLinksTooMany: `The footer has room for at most ${MAX_FOOTER_LINKS} links.`,
  footerLabelRequired: "Give each footer link a label.",
  footerLabelTooLong: `A footer link's label must be at most ${MAX_FOOTER_LINK_LABEL_LENGTH} characters.`,
  footerHref:
    "A footer link must be an https:// address or a page of this site starting with / (like /news).",
} as const;

// Uploaded files are served from /uploads/<name>; names are single path segments.
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
// Control characters (line breaks included) have no place in a one-line text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** An absolute https: URL with a host, no credentials and no whitespace. */
export function isHttpsUrl(value: string): boolean {
  // "https:" then exactly two slashes and the host: URL() would read "https:///x" as host "x".
  if (value.length > MAX_URL_LENGTH || /\s/.test(value) || !/^https:\/\/[^/\\]/i.test(value)) {
    return false;
  }
  try {
    const url = new URL(value);
    return (
      url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === ""
    );
  } catch {
    return false;
  }
}

/** A page of this site: a path starting with one slash (not "//", another host). */
export function isSitePath(value: string): boolean {
  return (
    value.length <= MAX_URL_LENGTH &&
    /^\/(?!\/)/.test(value) &&
    !/[\s\\]/.test(value) &&
    !CONTROL_CHARACTERS.test(value)
  );
}

const httpsLink = (key: SiteLinkKey) =>
  z
    .string({ error: SITE_SETTINGS_MESSAGES.link(key) })
    .trim()
    .refine(isHttpsUrl, SITE_SETTINGS_MESSAGES.link(key));

const oneLine = (value: string) => !CONTROL_CHARACTERS.test(value);

export const FooterLinkSchema = z.object({
  label: z
    .string({ error: SITE_SETTINGS_MESSAGES.footerLabelRequired })
    .trim()
    .min(1, SITE_SETTINGS_MESSAGES.footerLabelRequired)
    .max(MAX_FOOTER_LINK_LABEL_LENGTH, SITE_SETTINGS_MESSAGES.footerLabelTooLong)
    .refine(oneLine, SITE_SETTINGS_MESSAGES.plainText),
  href: z
    .string({ error: SITE_SETTINGS_MESSAGES.footerHref })
    .trim()
    .refine((value) => isHttpsUrl(value) || isSitePath(value), SITE_SETTINGS_MESSAGES.footerHref),
});

export type FooterLink = z.output<typeof FooterLinkSchema>;

/**
 * Every setting. Unknown fields are dropped. A field's error is reported under its own name
 * (`footerLinks.2.href` for one footer link), so the form can show it on the field.
 */
export const SiteSettingsSchema = z.object({
  companyName: z
    .string({ error: SITE_SETTINGS_MESSAGES.companyNameRequired })
    .trim()
    .min(1, SITE_SETTINGS_MESSAGES.companyNameRequired)
    .max(MAX_COMPANY_NAME_LENGTH, SITE_SETTINGS_MESSAGES.companyNameTooLong)
    .refine(oneLine, SITE_SETTINGS_MESSAGES.plainText),
  tagline: z
    .string({ error: SITE_SETTINGS_MESSAGES.taglineTooLong })
    .trim()
    .max(MAX_TAGLINE_LENGTH, SITE_SETTINGS_MESSAGES.taglineTooLong)
    .refine(oneLine, SITE_SETTINGS_MESSAGES.plainText),
  communityInviteUrl: httpsLink("communityInviteUrl"),
  videoChannelUrl: httpsLink("videoChannelUrl"),
  marketplaceCreatorUrl: httpsLink("marketplaceCreatorUrl"),
  externalEditorUrl: httpsLink("externalEditorUrl"),
  petitionUrl: httpsLink("petitionUrl"),
  /** Empty: no default image (pages without an image of their own then have none). */
  defaultSocialImage: z
    .string({ error: SITE_SETTINGS_MESSAGES.socialImage })
    .trim()
    .refine(
      (value) =>
        value === "" || (UPLOAD_PATH.test(value) && !value.includes("..")) || isHttpsUrl(value),
      SITE_SETTINGS_MESSAGES.socialImage,
    ),
  footerLinks: z
    .array(FooterLinkSchema, { error: SITE_SETTINGS_MESSAGES.footerLinksTooMany })
    .max(MAX_FOOTER_LINKS, SITE_SETTINGS_MESSAGES.footerLinksTooMany),
});

export type SiteSettings = z.output<typeof SiteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;

/** The settings in the order the form and the API list them. */
export const SITE_SETTING_KEYS = Object.keys(SiteSettingsSchema.shape) as SiteSettingKey[];
