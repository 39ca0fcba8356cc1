import {
  SITE_SETTING_KEYS,
  type SiteSettingKey,
  type SiteSettings,
  SiteSettingsSchema,
} from "#common/schemas/site-settings.ts";
import type { SiteSettingsState } from "#common/types/site-settings.ts";
import type { Db } from "#server/db/db.server.ts";
import { HttpError } from "#server/errors.ts";
import { rememberContent } from "./content-memo.server.ts";
import { syncSettingsMediaUses } from "./media-uses.server.ts";
import { getDisplayNameByEmail } from "./people.server.ts";

/**
 * The settings as the Settings section shows them: who saved them last by their display name
 * (people.server.ts), where the row keeps their e-mail.
 */
export async function nameSettingsSaver(
  db: Db,
  state: SiteSettingsState,
): Promise<SiteSettingsState> {
  if (state.updatedBy === null) return state;
  return { ...state, updatedBy: await getDisplayNameByEmail(db, state.updatedBy) };
}

/** The id of the one row that holds the settings (migration 0011). */
const ROW_ID = "site";

/**
 * The site settings (docs/decisions/023-site-settings.md): what is saved, and the defaults
 * (the server's configuration) for anything never saved.
 */
export async function readSiteSettings(db: Db, defaults: SiteSettings): Promise<SiteSettingsState> {
  const row = await db
    .selectFrom("site_settings")
    .select(["value", "version", "updatedAt", "updatedBy"])
    .where("id", "=", ROW_ID)
    .executeTakeFirst();
  const stored = row ? parseStored(row.value) : {};
  const settings = { ...defaults } as Record<SiteSettingKey, unknown>;
  const fromDefaults: SiteSettingKey[] = [];
  for (const key of SITE_SETTING_KEYS) {
    const checked = SiteSettingsSchema.shape[key].safeParse(stored[key]);
    // A value saved by an older version with other rules, or a hand edit of the row: the
    // default stands in, and the dashboard shows the setting as a default to be saved again.
    if (checked.success) settings[key] = checked.data;
    else fromDefaults.push(key);
  }
  return {
    settings: settings as SiteSettings,
    defaults,
    fromDefaults,
    version: row ? Number(row.version) : 0,
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/**
 * The settings the public pages show, from the process's content memo: read at most once per
 * memo lifetime (250 ms) however many pages are rendered, forgotten at once after a write
 * through this process, and counted in the age of a page the response cache keeps, so a save
 * through another process shows within the cache's lifetime (docs/decisions/021).
 */
export async function currentSiteSettings(db: Db, defaults: SiteSettings): Promise<SiteSettings> {
  const state = await rememberContent(db, "site settings", () => readSiteSettings(db, defaults));
  return state.settings;
}

/** What a save made from an older version of the settings answers (409). */
export const SETTINGS_CONFLICT_MESSAGE =
  "Someone else saved the settings after you opened them. Reload the page to see their changes, then make yours again.";

/**
 * Saves the whole set of settings (parsed with SiteSettingsSchema), replacing what was saved;
 * answers the settings as they are now. Given the `version` the form started from (0: never
 * saved), the save is refused with a 409 when someone saved in between, rather than silently
 * undoing their changes.
 */
export async function saveSiteSettings(
  db: Db,
  input: SiteSettings,
  options: { defaults: SiteSettings; savedBy: string; version?: number; now?: Date },
): Promise<SiteSettingsState> {
  const { defaults, savedBy, version, now = new Date() } = options;
  const values = Object.fromEntries(SITE_SETTING_KEYS.map((key) => [key, input[key]]));
  const row = { value: JSON.stringify(values), updatedAt: now.toISOString(), updatedBy: savedBy };
  // The settings and the media they use are written together.
  const write = async (trx: Db) => {
    await writeSettingsRow(trx, row, version);
    await syncSettingsMediaUses(trx, values);
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
  return readSiteSettings(db, defaults);
}

/** Writes the settings' row: unconditionally, or only from `version` (else a 409). */
async function writeSettingsRow(
  db: Db,
  row: { value: string; updatedAt: string; updatedBy: string },
  version: number | undefined,
): Promise<void> {
  const first = db.insertInto("site_settings").values({ id: ROW_ID, version: 1, ...row });
  if (version === undefined) {
    await first
      .onConflict((oc) =>
        oc.column("id").doUpdateSet((eb) => ({
          ...row,
          version: eb(eb.ref("site_settings.version"), "+", 1),
        })),
      )
      .execute();
  } else {
    // One conditional statement each way, so two saves at once cannot both pass the check.
    const written =
      version === 0
        ? (await first.onConflict((oc) => oc.column("id").doNothing()).executeTakeFirst())
            .numInsertedOrUpdatedRows
        : (
            await db
              .updateTable("site_settings")
              .set((eb) => ({ ...row, version: eb(eb.ref("version"), "+", 1) }))
              .where("id", "=", ROW_ID)
              .where("version", "=", version)
              .executeTakeFirst()
          ).numUpdatedRows;
    if (Number(written ?? 0) !== 1) throw HttpError.conflict(SETTINGS_CONFLICT_MESSAGE);
  }
}

function parseStored(value: string): Partial<Record<SiteSettingKey, unknown>> {
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed;
  } catch {
    // Not JSON (a hand edit): every setting falls back to its default, shown as such.
  }
  return {};
}
