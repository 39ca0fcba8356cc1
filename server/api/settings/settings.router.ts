import { Router } from "express";
import { SiteSettingsSchema } from "#common/schemas/site-settings.ts";
import { z } from "#common/zod.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireAdmin, requireEmployee, viewerOf } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import {
  nameSettingsSaver,
  readSiteSettings,
  saveSiteSettings,
} from "#server/services/site-settings.server.ts";

/** The version of the settings a save was made from; without it, the save simply replaces. */
const SettingsVersionSchema = z.object({
  version: z
    .number({ error: "version must be a whole number of at least 0" })
    .int("version must be a whole number of at least 0")
    .min(0, "version must be a whole number of at least 0")
    .optional(),
});

/**
 * The site settings (docs/product/dashboard.md#settings-section): staff read them; admins and the
 * owner change them, the same people who manage employees. A save empties the response cache and
 * the content memo like any successful write, so this process shows it at once and the others
 * within the response cache's lifetime.
 */
export function settingsRouter(context: ServerContext) {
  const { db, config } = context;
  const defaults = config.siteDefaults;
  const router = Router();

  router.get("/", requireEmployee(context), async (_req, res) => {
    res.json(await nameSettingsSaver(db, await readSiteSettings(db, defaults)));
  });

  router.put("/", requireAdmin(context), async (req, res) => {
    const input = parseInput(SiteSettingsSchema, req.body);
    const { version } = parseInput(SettingsVersionSchema, req.body);
    const savedBy = viewerOf(res).email;
    const saved = await saveSiteSettings(db, input, { defaults, savedBy, version });
    res.json(await nameSettingsSaver(db, saved));
  });

  return router;
}
