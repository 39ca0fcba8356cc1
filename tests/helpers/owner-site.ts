import { afterAll, beforeAll, expect } from "vitest";
import type { Post } from "#common/types/post.ts";
import type { DbKind } from "#server/db/dialect.server.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
} from "./server-process.ts";
import { signIn } from "./staff.ts";

/** The site's public address in these suites (canonical links, feeds). */
export const OWNER_SITE_URL = "https://studio.example";

export type OwnerSite = {
  /** A public page's or call's body, as a visitor gets it. */
  get: (path: string) => Promise<string>;
  /** Creates (POST, 201) or saves (PUT, 200) a post as the owner; anything else fails the test. */
  save: (method: "POST" | "PUT", path: string, body: unknown) => Promise<Post>;
};

/**
 * A production server process of its own for the suite, on a new database of `kind`, without
 * demo content, the owner signed in; stopped and its data removed after the suite. Call inside a
 * describe block.
 */
export function useOwnerSite(
  kind: DbKind,
  owner: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string },
): OwnerSite {
  let data: ServerData;
  let server: ServerProcess;
  let cookie: string;
  beforeAll(async () => {
    data = await createServerData(kind);
    server = await startServerProcess({
      ...data.env,
      ...owner,
      SITE_URL: OWNER_SITE_URL,
      SEED_DEMO: "0",
    });
    cookie = await signIn(server, owner.ADMIN_EMAIL, owner.ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await killServerProcesses();
    await data?.destroy();
  });
  return {
    get: async (path) => (await fetch(server.url + path)).text(),
    async save(method, path, body) {
      const response = await fetch(server.url + path, {
        method,
        headers: { "content-type": "application/json", origin: server.url, cookie },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(method === "POST" ? 201 : 200);
      return (await response.json()) as Post;
    },
  };
}
