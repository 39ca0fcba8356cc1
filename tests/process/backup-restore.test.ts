import { createHash } from "node:crypto";
import path from "node:path";
import { afterAll, afterEach, expect, it } from "vitest";
import { noisePng } from "#tests/helpers/images.ts";
import { runCommand } from "#tests/helpers/maintenance.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  subscribe,
} from "#tests/helpers/server-process.ts";
import { signIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";

// `npm run backup` while the site keeps acknowledging writes, `npm run restore` into a fresh
// place, and the site started on what was restored: every write acknowledged before the backup
// began is there, the uploads are byte for byte the same, and a session signed in before the
// backup still works (the session secret travels with the backup).

const OWNER = { ADMIN_EMAIL: "owner@backup.test", ADMIN_PASSWORD: "owner-backup-password" };
const CLIENTS = 4;

afterEach(killServerProcesses);

describeEachDatabase("a backup taken while the site writes", (kind) => {
  const made: ServerData[] = [];
  afterAll(async () => {
    await killServerProcesses();
    await Promise.all(made.map((data) => data.destroy()));
  });

  it("restores into a fresh place with every acknowledged write and every upload", {
    timeout: 120_000,
  }, async () => {
    const source = await createServerData(kind);
    made.push(source);
    const server = await startServerProcess({ ...source.env, ...OWNER });
    const cookie = await signIn(server, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);

    const uploads = new Map<string, string>();
    for (const size of [40, 64]) {
      const url = await upload(server, cookie, await noisePng(size, size));
      const served = await fetch(server.url + url);
      expect(served.status).toBe(200);
      uploads.set(url, sha256(new Uint8Array(await served.arrayBuffer())));
    }

    const writes = startWriting(server);
    await writes.firstAcknowledged;
    const archive = path.join(source.dataDir, "backup.tar.gz");
    const before = [...writes.acknowledged];
    const backup = await runCommand("backup", ["--out", archive], source.env);
    const duringBackup = writes.acknowledged.length - before.length;
    await writes.stop();
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`database: ${kind}`);
    expect(backup.stdout).toContain("session secret: included");
    // The site kept acknowledging writes while the backup ran.
    expect(duringBackup).toBeGreaterThan(0);
    expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });

    const target = await createServerData(kind);
    made.push(target);
    const restore = await runCommand("restore", [archive], target.env);
    expect(restore.code, restore.stderr).toBe(0);
    // Each upload is stored with its WebP copy and its variants.
    expect(Number(/uploads: (\d+) files/.exec(restore.stdout)?.[1])).toBeGreaterThanOrEqual(
      uploads.size * 2,
    );

    const restored = await startServerProcess({ ...target.env, ...OWNER });
    // The session from before the backup: same secret, same session row.
    // The whole list, pending addresses (each subscription waits for its confirmation) included.
    const list = await fetch(`${restored.url}/api/subscribers`, { headers: { cookie } });
    expect(list.status).toBe(200);
    const listed = new Set(((await list.json()) as { email: string }[]).map((row) => row.email));
    expect(before.filter((email) => !listed.has(email))).toEqual([]);
    expect(before.length).toBeGreaterThan(0);

    for (const [url, digest] of uploads) {
      const served = await fetch(restored.url + url);
      expect(served.status, url).toBe(200);
      expect(sha256(new Uint8Array(await served.arrayBuffer())), url).toBe(digest);
    }
    expect(await stopServerProcess(restored)).toEqual({ code: 0, signal: null });
  });
});

async function upload(server: ServerProcess, cookie: string, png: Buffer): Promise<string> {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "picture.png");
  const response = await fetch(`${server.url}/api/upload/image`, {
    method: "POST",
    headers: { cookie, origin: server.url },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

/**
 * CLIENTS loops subscribing new addresses one after another until stopped; `acknowledged`
 * holds, in order, every address the server answered 200 for.
 */
function startWriting(server: ServerProcess) {
  const acknowledged: string[] = [];
  let stopped = false;
  let sent = 0;
  let resolveFirst: () => void = () => undefined;
  const firstAcknowledged = new Promise<void>((resolve) => {
    resolveFirst = resolve;
  });
  const client = async () => {
    while (!stopped) {
      sent += 1;
      const email = `backup-${sent}-${Date.now()}@example.com`;
      const response = await subscribe(server, email);
      await response.arrayBuffer();
      if (response.status === 200) {
        acknowledged.push(email);
        resolveFirst();
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  return {
    acknowledged,
    firstAcknowledged,
    stop: async () => {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
