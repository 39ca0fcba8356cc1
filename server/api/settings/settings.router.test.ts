import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_FOOTER_LINKS,
  SITE_SETTING_KEYS,
  SITE_SETTINGS_MESSAGES,
  type SiteSettings,
} from "#common/schemas/site-settings.ts";
import type { SiteSettingsState } from "#common/types/site-settings.ts";
import { SETTINGS_CONFLICT_MESSAGE } from "#server/services/site-settings.server.ts";
import { fakeSiteSettings } from "#tests/factories/site-settings.ts";
import { readError } from "#tests/helpers/http.ts";
import { OWNER_ENV, requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

const ENV = {
  ...OWNER_ENV,
  COMPANY_NAME: "Default Studio",
  SITE_TAGLINE: "Default tagline",
  COMMUNITY_INVITE_URL: "https://chat.example/default",
};

describeEachDatabase("settings API", (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  let owner: SignedIn;
  let employee: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, ENV);
    [admin, owner, employee] = await Promise.all([
      signInAs(server, "admin"),
      signInAs(server, "owner"),
      signInAs(server, "employee"),
    ]);
  });
  afterAll(() => server?.close());

  async function read(who: SignedIn = employee): Promise<SiteSettingsState> {
    const response = await requestAs(server, who, "/api/settings");
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    return (await response.json()) as SiteSettingsState;
  }

  async function employeeName(who: SignedIn): Promise<string> {
    const row = await server.db.handle.db
      .selectFrom("employees")
      .select(["firstName", "lastName"])
      .where("id", "=", who.employeeId ?? "")
      .executeTakeFirstOrThrow();
    return `${row.firstName} ${row.lastName}`;
  }

  function save(body: unknown, who: SignedIn = admin) {
    return requestAs(server, who, "/api/settings", { method: "PUT", body });
  }

  // The tests run in order: the defaults before the first save, then saves.
  describe("GET /api/settings", () => {
    it("answers the configured defaults, every one marked as a default, before any save", async () => {
      const state = await read();
      expect(state.defaults).toEqual(server.config.siteDefaults);
      expect(state.settings).toEqual(state.defaults);
      expect(state.settings).toMatchObject({
        companyName: "Default Studio",
        tagline: "Default tagline",
        communityInviteUrl: "https://chat.example/default",
        defaultSocialImage: "",
        footerLinks: [],
      });
      expect(state.fromDefaults).toEqual(SITE_SETTING_KEYS);
      expect(state).toMatchObject({ version: 0, updatedAt: null, updatedBy: null });
      expect(Object.keys(state.settings)).toEqual(SITE_SETTING_KEYS);
    });
  });

  describe("PUT /api/settings", () => {
    it("stores the whole set, trimmed, and answers it with who saved it", async () => {
      const input = fakeSiteSettings();
      const before = Date.now();
      const response = await save({
        ...input,
        version: 0,
        companyName: `  ${input.companyName}  `,
        footerLinks: [{ label: " Press kit ", href: " https://press.example/kit " }],
        unknown: "dropped",
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const saved = (await response.json()) as SiteSettingsState;
      const expected: SiteSettings = {
        ...input,
        footerLinks: [{ label: "Press kit", href: "https://press.example/kit" }],
      };
      expect(saved.settings).toEqual(expected);
      expect(saved.fromDefaults).toEqual([]);
      expect(saved.version).toBe(1);
      // Named as everywhere: the admin by their employee record.
      expect(saved.updatedBy).toBe(await employeeName(admin));
      expect(Date.parse(saved.updatedAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
      expect(saved.defaults.companyName).toBe("Default Studio");
      expect(await read()).toEqual(saved);
    });

    it("lets the owner save, and keeps a new save whole", async () => {
      const input = fakeSiteSettings({ footerLinks: [], defaultSocialImage: "" });
      const response = await save(input, owner);
      expect(response.status, await response.clone().text()).toBe(200);
      const state = await read(admin);
      expect(state.settings).toEqual(input);
      // The owner has no employee record yet: the part of the address before the @.
      expect(state.updatedBy).toBe("owner");
    });

    it("takes an uploaded image and site paths where they are allowed", async () => {
      const input = fakeSiteSettings({
        defaultSocialImage: "/uploads/share-card.png",
        footerLinks: [{ label: "Unsubscribe", href: "/unsubscribe" }],
      });
      expect((await save(input)).status).toBe(200);
      expect((await read()).settings).toEqual(input);
    });

    it("answers 400 with a plain message for each wrong field, and keeps what was saved", async () => {
      const kept = (await read()).settings;
      const response = await save({
        ...fakeSiteSettings(),
        companyName: "   ",
        tagline: "x".repeat(121),
        communityInviteUrl: "http://chat.example/invite",
        videoChannelUrl: "youtube.com/@studio",
        marketplaceCreatorUrl: "javascript:alert(1)",
        externalEditorUrl: "https://user:secret@editor.example",
        petitionUrl: "",
        defaultSocialImage: "http://images.example/a.png",
        footerLinks: [
          { label: "", href: "https://ok.example" },
          { label: "Elsewhere", href: "//evil.example/x" },
        ],
      });
      const body = await readError(response, 400);
      expect(body.errors).toEqual({
        companyName: SITE_SETTINGS_MESSAGES.companyNameRequired,
        tagline: SITE_SETTINGS_MESSAGES.taglineTooLong,
        communityInviteUrl: "The community chat invite must be an https:// address.",
        videoChannelUrl: "The video channel must be an https:// address.",
        marketplaceCreatorUrl: "The marketplace creator page must be an https:// address.",
        externalEditorUrl: "The external editor link must be an https:// address.",
        petitionUrl: "The petition link must be an https:// address.",
        defaultSocialImage: SITE_SETTINGS_MESSAGES.socialImage,
        "footerLinks.0.label": SITE_SETTINGS_MESSAGES.footerLabelRequired,
        "footerLinks.1.href": SITE_SETTINGS_MESSAGES.footerHref,
      });
      expect(body.message).toBe(SITE_SETTINGS_MESSAGES.companyNameRequired);
      expect((await read()).settings).toEqual(kept);
    });

    it("refuses a missing field, a line break in a name, and too many footer links", async () => {
      const { petitionUrl: _missing, ...withoutPetition } = fakeSiteSettings();
      expect((await readError(await save(withoutPetition), 400)).errors).toEqual({
        petitionUrl: "The petition link must be an https:// address.",
      });
      const twoLines = await save(fakeSiteSettings({ companyName: "Block\nworks" }));
      expect((await readError(twoLines, 400)).errors).toEqual({
        companyName: SITE_SETTINGS_MESSAGES.plainText,
      });
      const links = Array.from({ length: MAX_FOOTER_LINKS + 1 }, (_, i) => ({
        label: `Link ${i}`,
        href: `/page-${i}`,
      }));
      const tooMany = await save(fakeSiteSettings({ footerLinks: links }));
      expect((await readError(tooMany, 400)).errors).toEqual({
        footerLinks: SITE_SETTINGS_MESSAGES.footerLinksTooMany,
      });
      const notAList = await save(fakeSiteSettings({ footerLinks: "none" as never }));
      expect((await readError(notAList, 400)).errors).toHaveProperty("footerLinks");
    });

    it("answers 403 to an employee and 401 signed out, and changes nothing", async () => {
      const kept = (await read()).settings;
      const refused = await readError(await save(fakeSiteSettings(), employee), 403);
      expect(refused.message).toBe("You do not have access to this.");
      await readError(await save(fakeSiteSettings(), { cookie: "" } as SignedIn), 401);
      expect((await read()).settings).toEqual(kept);
    });

    it("answers 409 to a save made from an older version, and counts the versions", async () => {
      const start = (await read()).version;
      expect(start).toBeGreaterThan(0);
      const first = await save({ ...fakeSiteSettings(), version: start });
      expect(first.status, await first.clone().text()).toBe(200);
      const saved = (await first.json()) as SiteSettingsState;
      expect(saved.version).toBe(start + 1);
      // A second admin who opened the form before that save.
      const stale = await save({ ...fakeSiteSettings(), version: start }, owner);
      expect((await readError(stale, 409)).message).toBe(SETTINGS_CONFLICT_MESSAGE);
      expect((await read()).settings).toEqual(saved.settings);
      // 0 is "never saved": refused once a save exists.
      await readError(await save({ ...fakeSiteSettings(), version: 0 }), 409);
      const bad = await save({ ...fakeSiteSettings(), version: -1 });
      expect((await readError(bad, 400)).errors).toEqual({
        version: "version must be a whole number of at least 0",
      });
    });

    it("falls back to the default of a saved value that is no longer valid", async () => {
      const input = fakeSiteSettings();
      expect((await save(input)).status).toBe(200);
      const db = server.db.handle.db;
      const row = await db
        .selectFrom("site_settings")
        .select(["value", "version"])
        .executeTakeFirstOrThrow();
      const stored = JSON.parse(row.value) as Record<string, unknown>;
      const { tagline: _dropped, ...rest } = stored;
      await db
        .updateTable("site_settings")
        .set({ value: JSON.stringify({ ...rest, communityInviteUrl: "http://old.example" }) })
        .execute();
      const state = await read();
      expect(state.fromDefaults).toEqual(["tagline", "communityInviteUrl"]);
      expect(state.settings).toEqual({
        ...input,
        tagline: "Default tagline",
        communityInviteUrl: "https://chat.example/default",
      });
      expect((await save(input)).status).toBe(200);
      const after = await db
        .selectFrom("site_settings")
        .select("version")
        .executeTakeFirstOrThrow();
      expect(after.version).toBe(row.version + 1);
    });
  });
});
