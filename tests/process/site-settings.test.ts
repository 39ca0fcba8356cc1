import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESPONSE_CACHE_TTL_MS } from "#server/app.ts";
import { fakeSiteSettings } from "#tests/factories/site-settings.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
} from "#tests/helpers/server-process.ts";
import { signIn } from "#tests/helpers/staff.ts";
import { DB_KINDS, TEST_DATABASE_URL } from "#tests/helpers/test-database.ts";

// Site settings saved through one server process show on the public pages of another process
// on the same database within the response cache's lifetime, though that process kept its
// pages (and its memo of the settings) from before the save
// (docs/decisions/023-site-settings.md, docs/decisions/021-cache-bound-across-processes.md).

const OWNER = { ADMIN_EMAIL: "owner@settings.test", ADMIN_PASSWORD: "owner-settings-password" };
const DEFAULT_NAME = "Default Blockworks";

for (const kind of DB_KINDS) {
  describe.skipIf(kind === "postgres" && !TEST_DATABASE_URL)(
    `site settings across two server processes [${kind}]`,
    () => {
      let data: ServerData;
      let a: ServerProcess;
      let b: ServerProcess;
      let cookie = "";

      beforeAll(async () => {
        data = await createServerData(kind);
        const env = {
          ...data.env,
          ...OWNER,
          SEED_DEMO: "0",
          COMPANY_NAME: DEFAULT_NAME,
          SESSION_SECRET: randomBytes(32).toString("hex"),
        };
        // One after the other: the first creates the schema, the second finds it.
        a = await startServerProcess(env);
        b = await startServerProcess(env);
        cookie = await signIn(a, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
      }, 60_000);
      afterAll(async () => {
        await killServerProcesses();
        await data?.destroy();
      });

      const page = async (server: ServerProcess, path: string) => {
        const response = await fetch(server.url + path);
        expect(response.status).toBe(200);
        return response.text();
      };

      it("shows a save through one process on the other's cached pages within the cache's lifetime", async () => {
        // B keeps its memo of the settings and its home page from before the save. The home page
        // is kept last, just before the save, and asked for again just after it: the two answers
        // are well within the cache's lifetime of each other even on a busy machine.
        expect(await page(b, "/news")).toContain(`${DEFAULT_NAME} LLC`);
        expect(await page(b, "/")).toContain(`${DEFAULT_NAME} LLC`);

        const settings = fakeSiteSettings();
        const saved = await fetch(`${a.url}/api/settings`, {
          method: "PUT",
          headers: { origin: a.url, cookie, "content-type": "application/json" },
          body: JSON.stringify(settings),
        });
        const writtenAt = Date.now();
        // The other process still answers the page it kept before the save (the bound is what
        // is promised, not an instant change)...
        expect(await page(b, "/")).toContain(`${DEFAULT_NAME} LLC`);
        expect(saved.status, await saved.clone().text()).toBe(200);

        // The process that saved shows it at once: its response cache and memo were emptied.
        const onA = await page(a, "/");
        expect(onA).toContain(`${settings.companyName} LLC`);
        expect(onA).not.toContain(DEFAULT_NAME);

        // ...and shows the save within the cache's lifetime, on the page it kept and on any other.
        await sleep(writtenAt + RESPONSE_CACHE_TTL_MS + 5 - Date.now());
        for (const path of ["/", "/news", "/apps"]) {
          const html = await page(b, path);
          expect(html, path).toContain(`${settings.companyName} LLC`);
          expect(html, path).not.toContain(DEFAULT_NAME);
          expect(html, path).toContain(`href="${settings.communityInviteUrl}"`);
          expect(html, path).toContain(settings.tagline);
          const [external, internal] = settings.footerLinks;
          expect(html, path).toContain(`href="${external?.href}"`);
          expect(html, path).toContain(`href="${internal?.href}"`);
          expect(html, path).toContain(`content="${settings.defaultSocialImage}"`);
        }
        const home = await page(b, "/");
        expect(home).toContain(`href="${settings.videoChannelUrl}"`);
        expect(home).toContain(`href="${settings.externalEditorUrl}"`);
        expect(await page(b, "/studio")).toContain(`href="${settings.marketplaceCreatorUrl}"`);
        const feed = await (await fetch(`${b.url}/rss.xml`)).text();
        expect(feed).toContain(settings.companyName);
      });
    },
  );
}
