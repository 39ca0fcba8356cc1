import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, onTestFinished } from "vitest";
import { eventually } from "#tests/helpers/http.ts";
import { noisePng } from "#tests/helpers/images.ts";
import { runCommand } from "#tests/helpers/maintenance.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  startServerProcess,
  stopServerProcess,
  subscribe,
} from "#tests/helpers/server-process.ts";
import { signIn } from "#tests/helpers/staff.ts";

// Everything the server writes is its owner's alone, whatever the umask: with the common 022 a
// new file would otherwise be readable by every account on the machine. The production server
// makes its data folder, database, session secret, uploads and outbox, and the backup command
// an archive in a new folder; every one of them is checked on disk. On SQLite only: its database
// file is the one the server writes, and the rest is written alike whatever the database.

const OWNER = { ADMIN_EMAIL: "owner@modes.test", ADMIN_PASSWORD: "owner-modes-password" };

afterEach(killServerProcesses);

/** Every folder and file under dir (dir included), with its permission bits in octal. */
async function modesUnder(dir: string): Promise<Record<string, string>> {
  const modes: Record<string, string> = { ".": ((await stat(dir)).mode & 0o777).toString(8) };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    modes[path.relative(dir, full)] = ((await stat(full)).mode & 0o777).toString(8);
  }
  return modes;
}

describe("files the server creates [sqlite]", () => {
  const made: ServerData[] = [];
  afterAll(async () => {
    await killServerProcesses();
    await Promise.all(made.map((data) => data.destroy()));
  });

  it("are created owner-only (files 600, folders 700) under umask 022", {
    timeout: 60_000,
  }, async () => {
    const previous = process.umask(0o022);
    onTestFinished(() => {
      process.umask(previous);
    });
    const data = await createServerData("sqlite");
    made.push(data);
    // A data folder the server makes itself.
    const dataDir = path.join(data.dataDir, "site");
    const env = { ...data.env, DATA_DIR: dataDir };
    const server = await startServerProcess({ ...env, ...OWNER });
    const cookie = await signIn(server, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);

    const form = new FormData();
    const png = new Uint8Array(await noisePng(32, 32));
    form.append("image", new Blob([png], { type: "image/png" }), "picture.png");
    const uploaded = await fetch(`${server.url}/api/upload/image`, {
      method: "POST",
      headers: { cookie, origin: server.url },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    // Without SMTP_URL the confirmation mail is written into the outbox.
    expect((await subscribe(server, "reader@modes.test")).status).toBe(200);
    const outbox = path.join(dataDir, "outbox");
    await eventually(async () => {
      expect((await readdir(outbox)).filter((name) => name.endsWith(".eml"))).toHaveLength(1);
    });

    const archive = path.join(data.dataDir, "backups", "nightly", "site.tar.gz");
    const backup = await runCommand("backup", ["--out", archive], env);
    expect(backup.code, backup.stderr).toBe(0);

    // While the server runs, so that SQLite's -wal and -shm are there too.
    const modes = await modesUnder(dataDir);
    const names = Object.keys(modes);
    expect(names).toEqual(
      expect.arrayContaining([".", "session-secret", "uploads", "outbox", "studio.db"]),
    );
    expect(names).toEqual(expect.arrayContaining(["studio.db-wal", "studio.db-shm"]));
    expect(names.filter((name) => name.startsWith("uploads/")).length).toBeGreaterThan(1);
    expect(names.filter((name) => name.endsWith(".eml"))).toHaveLength(1);
    const folders = new Set([".", "uploads", "outbox"]);
    const wrong = Object.entries(modes).filter(
      ([name, mode]) => mode !== (folders.has(name) ? "700" : "600"),
    );
    expect(wrong).toEqual([]);
    expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
    expect(await modesUnder(path.join(data.dataDir, "backups"))).toEqual({
      ".": "700",
      nightly: "700",
      "nightly/site.tar.gz": "600",
    });
  });
});
