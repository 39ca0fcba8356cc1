import type { SiteSettingKey, SiteSettings } from "#common/schemas/site-settings.ts";

/**
 * The site settings as `GET /api/settings` and `PUT /api/settings` answer them
 * (docs/product/dashboard.md#settings-section).
 */
export type SiteSettingsState = {
  /** What the public pages show now. */
  settings: SiteSettings;
  /** The first-start defaults (the server's configuration), used for any setting never saved. */
  defaults: SiteSettings;
  /** The settings whose value is the default because none was saved for them yet. */
  fromDefaults: SiteSettingKey[];
  /** How many times the settings were saved (0: never); a save names the one it started from. */
  version: number;
  /**
   * When and by whom (their display name, docs/product/content-model.md#people) the settings were
   * last saved; null before the first save.
   */
  updatedAt: string | null;
  updatedBy: string | null;
};
