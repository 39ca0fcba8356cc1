import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import * as tar from "tar";
import { afterAll, beforeAll, expect, it, onTestFinished } from "vitest";
import {
  type DataLocation,
  loadDataLocation,
  sessionSecretFile,
} from "#server/config/env.server.ts";
import { openDatabase } from "#server/db/db.server.ts";
import { tablesWithRows } from "#server/db/table-rows.server.ts";
import { insertMedia } from "#server/services/media.server.ts";
import { uploadsDir } from "#server/storage/uploads.server.ts";
import { createEmployee } from "#tests/factories/employee.ts";
import { createPost } from "#tests/factories/post.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { craftArchive, digestOf, runCommand, stateOf } from "#tests/helpers/maintenance.ts";
import { startS3Server } from "#tests/helpers/s3-server.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
  urlWithSchema,
} from "#tests/helpers/test-database.ts";
import { MaintenanceError, type Manifest } from "./archive.server.ts";
import { type BackupOptions, createBackup } from "./backup.server.ts";
import { type RestoreOptions, restoreBackup } from "./restore.server.ts";
import { configuredUploadFiles } from "./upload-files.server.ts";

// What a restore refuses, and that it refuses before writing anything.

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const DISK = { kind: "disk" } as const;

/** A backup as the command makes it: from the upload store the location names. */
function backUp(options: Omit<BackupOptions, "uploads">) {
  const { storage, dataDir } = options.location;
  return createBackup({ ...options, uploads: configuredUploadFiles(storage, dataDir) });
}

/** A restore as the command runs it: into the upload store the location names. */
function restore(options: Omit<RestoreOptions, "uploads">) {
  const { storage, dataDir } = options.location;
  return restoreBackup({ ...options, uploads: configuredUploadFiles(storage, dataDir) });
}

function locationOf(db: TestDatabase): DataLocation {
  return {
    dataDir: db.dataDir,
    databaseUrl:
      db.kind === "postgres" && db.databaseUrl && db.schema
        ? urlWithSchema(db.databaseUrl, db.schema)
        : undefined,
    storage: DISK,
  };
}

describeEachDatabase("restoring a backup", (kind) => {
  const made: TestDatabase[] = [];
  let source: TestDatabase;
  let archive: string;
  let postTitle: string;
  /** An empty place to restore into: a new data folder, and for PostgreSQL a new schema. */
  const fresh = async (): Promise<TestDatabase> => {
    const db = await createTestDatabase(kind, { migrate: false });
    made.push(db);
    if (kind === "sqlite") {
      // The test database opened (and so created) studio.db: the folder must hold nothing.
      await db.handle.close();
      for (const suffix of ["", "-wal", "-shm"]) {
        rmSync(path.join(db.dataDir, `studio.db${suffix}`), { force: true });
      }
    }
    return db;
  };

  beforeAll(async () => {
    source = await createTestDatabase(kind);
    made.push(source);
    // A media item and its use by the post: the library's rows go with the files they name.
    await insertMedia(source.handle.db, {
      fileName: "picture.png",
      originalName: "picture.png",
      mimeType: "image/png",
      width: 1,
      height: 1,
      size: PNG.length,
      uploadedBy: null,
    });
    postTitle = (await createPost(source.handle.db, { featuredImage: "picture.png" })).title;
    await createEmployee(source.handle.db, { isActive: false });
    await createSubscriber(source.handle.db);
    await mkdir(uploadsDir(source.dataDir), { recursive: true });
    await writeFile(path.join(uploadsDir(source.dataDir), "picture.png"), PNG);
    archive = path.join(source.dataDir, "backup.tar");
    await backUp({ location: locationOf(source), out: archive });
  });
  afterAll(async () => {
    await Promise.all(made.map((db) => db.destroy()));
  });

  it("writes the archive readable by its owner only, with a manifest of every part", async () => {
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const target = await fresh();
    const report = await restore({ location: locationOf(target), archive });
    expect(report).toMatchObject({ kind, uploads: 1, sessionSecret: false });
    expect(report.tables).toMatchObject({ posts: 1, employees: 1, subscribers: 1, users: 0 });
    expect(readFileSync(path.join(uploadsDir(target.dataDir), "picture.png"))).toEqual(PNG);
  });

  it("refuses a target that is not empty, naming what is there, and leaves it as it was", async () => {
    const target = await fresh();
    await mkdir(uploadsDir(target.dataDir), { recursive: true });
    await writeFile(path.join(uploadsDir(target.dataDir), "other.png"), PNG);
    const refused = restore({ location: locationOf(target), archive });
    await expect(refused).rejects.toThrow(MaintenanceError);
    await expect(refused).rejects.toThrow(/not empty \(1 uploaded files\).*--force/s);
    expect(await readdir(uploadsDir(target.dataDir))).toEqual(["other.png"]);
  });

  it("with --force replaces the database: rows added since the backup are gone", async () => {
    const later = await createSubscriber(source.handle.db);
    await expect(restore({ location: locationOf(source), archive })).rejects.toThrow(/not empty/);
    if (kind === "sqlite") await source.handle.close();
    const report = await restore({ location: locationOf(source), archive, force: true });
    expect(report.tables).toMatchObject({
      posts: 1,
      employees: 1,
      subscribers: 1,
      media: 1,
      media_uses: 1,
    });
    expect(report.uploads).toBe(1);
    const reopened = kind === "sqlite" ? openDatabase({ dataDir: source.dataDir }) : source.handle;
    onTestFinished(() => (kind === "sqlite" ? reopened.close() : undefined));
    const subscribers = await reopened.db.selectFrom("subscribers").selectAll().execute();
    expect(subscribers.map((s) => s.email)).not.toContain(later.email);
    const posts = await reopened.db.selectFrom("posts").select("title").execute();
    expect(posts.map((p) => p.title)).toEqual([postTitle]);
    const employee = await reopened.db
      .selectFrom("employees")
      .select("isActive")
      .executeTakeFirstOrThrow();
    expect(Boolean(employee.isActive)).toBe(false);
  });

  it("refuses an archive whose contents do not match their checksums, before writing anything", async () => {
    const damaged = path.join(source.dataDir, "damaged.tar");
    const bytes = readFileSync(archive);
    // The upload's bytes inside the (uncompressed) tar: change one.
    const at = bytes.indexOf(PNG);
    expect(at).toBeGreaterThan(0);
    bytes[at + 4] = (bytes[at + 4] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    const target = await fresh();
    await expect(restore({ location: locationOf(target), archive: damaged })).rejects.toThrow(
      /damaged; nothing was restored:\n {2}uploads\/picture\.png does not match its checksum/,
    );
    expect(existsSync(uploadsDir(target.dataDir))).toBe(false);
    expect(existsSync(path.join(target.dataDir, "studio.db"))).toBe(false);
    if (kind === "postgres") expect(await tablesWithRows(target.handle.db)).toEqual([]);
  });

  it("never follows a link in an archive: a listed file that is a link counts as missing", async () => {
    const unpacked = await mkdtemp(path.join(tmpdir(), "studio-link-"));
    onTestFinished(() => rm(unpacked, { recursive: true, force: true }));
    await tar.extract({ file: archive, cwd: unpacked });
    const upload = path.join(unpacked, "uploads", "picture.png");
    const outside = path.join(unpacked, "outside.png");
    writeFileSync(outside, PNG);
    rmSync(upload);
    symlinkSync(outside, upload);
    const linked = path.join(unpacked, "linked.tar");
    const parts = (await readdir(unpacked)).filter((name) => name !== "outside.png");
    await tar.create({ file: linked, cwd: unpacked }, parts);
    const target = await fresh();
    await expect(restore({ location: locationOf(target), archive: linked })).rejects.toThrow(
      /uploads\/picture\.png is missing/,
    );
    expect(existsSync(uploadsDir(target.dataDir))).toBe(false);
  });

  it("refuses a cut-short archive and a file that is not a backup", async () => {
    const target = await fresh();
    const cut = path.join(source.dataDir, "cut.tar.gz");
    await backUp({ location: locationOf(source), out: cut });
    const whole = readFileSync(cut);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restore({ location: locationOf(target), archive: cut })).rejects.toThrow(
      MaintenanceError,
    );
    const notBackup = path.join(source.dataDir, "notes.txt");
    writeFileSync(notBackup, "hello");
    await expect(restore({ location: locationOf(target), archive: notBackup })).rejects.toThrow(
      /not a readable backup archive/,
    );
    expect(existsSync(uploadsDir(target.dataDir))).toBe(false);
  });

  it("refuses a backup of the other kind of database", async () => {
    const other = await fresh();
    const location: DataLocation =
      kind === "sqlite"
        ? {
            dataDir: other.dataDir,
            databaseUrl: "postgres://nobody@127.0.0.1:1/none",
            storage: DISK,
          }
        : { dataDir: other.dataDir, databaseUrl: undefined, storage: DISK };
    await expect(restore({ location, archive })).rejects.toThrow(
      /a backup restores into its own kind/,
    );
  });

  /** A target holding a restored site and a session secret of its own, and its state. */
  const filledTarget = async () => {
    const target = await fresh();
    await restore({ location: locationOf(target), archive });
    writeFileSync(sessionSecretFile(target.dataDir), `${"k".repeat(40)}\n`, { mode: 0o600 });
    return { target, before: await stateOf(target) };
  };

  it("refuses a path no backup has, in its manifest or as an entry, in one line and before writing anything", {
    timeout: 60_000,
  }, async () => {
    const { target, before } = await filledTarget();
    const location = locationOf(target);
    const env = { DATA_DIR: location.dataDir, DATABASE_URL: location.databaseUrl };
    const crafts: [string, (dir: string, manifest: Manifest) => void, RegExp][] = [
      [
        "manifest",
        (_dir, manifest) => {
          // A file the archive holds, named a second time through uploads/..: its checksum is
          // right, and it is listed after the database and the uploads.
          const database = manifest.files.find((file) => file.path.startsWith("database/"));
          if (database) manifest.files.push({ ...database, path: `uploads/../${database.path}` });
        },
        /names "uploads\/\.\.\/database\/[^"]+", which no backup has; nothing was restored\./,
      ],
      [
        "entry",
        (dir, manifest) => {
          writeFileSync(path.join(dir, "run-me.sh"), "#!/bin/sh\n");
          manifest.files.push({ path: "run-me.sh", ...digestOf(path.join(dir, "run-me.sh")) });
        },
        /holds "run-me\.sh", which no backup has; nothing was restored\./,
      ],
    ];
    for (const [name, change, message] of crafts) {
      const crafted = path.join(source.dataDir, `crafted-${name}.tar`);
      await craftArchive(archive, crafted, change);
      const result = await runCommand("restore", [crafted, "--force"], env);
      expect(result.code, name).toBe(1);
      expect(result.stderr.split("\n"), name).toEqual([expect.stringMatching(message), ""]);
      expect(await stateOf(target), name).toEqual(before);
    }
  });

  it("encrypts a backup with BACKUP_KEY and restores it with the same key", async () => {
    const key = randomBytes(32);
    const sealed = path.join(source.dataDir, "sealed.tar.gz.enc");
    await backUp({ location: locationOf(source), out: sealed, key });
    expect(statSync(sealed).mode & 0o777).toBe(0o600);
    const bytes = readFileSync(sealed);
    expect(bytes.subarray(0, 4).toString("ascii")).toBe("SSBK");
    expect(bytes.includes(Buffer.from("manifest.json"))).toBe(false);
    const target = await fresh();
    const report = await restore({ location: locationOf(target), archive: sealed, key });
    expect(report).toMatchObject({ kind, uploads: 1, encrypted: true });
    expect(report.tables).toMatchObject({ posts: 1, employees: 1 });
    expect(readFileSync(path.join(uploadsDir(target.dataDir), "picture.png"))).toEqual(PNG);
  });

  it("refuses an encrypted archive with another key, a changed byte, cut short or without a key, leaving the target as it was", async () => {
    const key = randomBytes(32);
    const sealed = path.join(source.dataDir, "refused.tar.enc");
    await backUp({ location: locationOf(source), out: sealed, key });
    const whole = readFileSync(sealed);
    const changed = (at: number) => {
      const bytes = Buffer.from(whole);
      bytes[at] = (bytes[at] ?? 0) ^ 0x01;
      return bytes;
    };
    const unauthenticated = /could not be authenticated with BACKUP_KEY/;
    const cases: [string, Buffer, Buffer | undefined, RegExp][] = [
      ["another key", whole, randomBytes(32), unauthenticated],
      ["a changed byte in the middle", changed(Math.floor(whole.length / 2)), key, unauthenticated],
      ["a changed nonce", changed(6), key, unauthenticated],
      ["a changed tag", changed(whole.length - 1), key, unauthenticated],
      ["cut short by one byte", whole.subarray(0, whole.length - 1), key, unauthenticated],
      ["cut short to its header", whole.subarray(0, 20), key, unauthenticated],
      ["no key", whole, undefined, /is encrypted: set BACKUP_KEY/],
    ];
    const { target, before } = await filledTarget();
    for (const [name, bytes, usedKey, message] of cases) {
      const file = path.join(source.dataDir, "refused-copy.enc");
      writeFileSync(file, bytes);
      const refused = restore({
        location: locationOf(target),
        archive: file,
        key: usedKey,
        force: true,
      });
      await expect(refused, name).rejects.toThrow(MaintenanceError);
      await expect(refused, name).rejects.toThrow(message);
      expect(await stateOf(target), name).toEqual(before);
    }
  });

  it("with BACKUP_KEY set, restores an unencrypted archive only when allowed", async () => {
    const key = randomBytes(32);
    const target = await fresh();
    const location = locationOf(target);
    await expect(restore({ location, archive, key })).rejects.toThrow(
      /not encrypted while BACKUP_KEY is set.*--allow-unencrypted/,
    );
    expect(existsSync(uploadsDir(target.dataDir))).toBe(false);
    expect(existsSync(path.join(target.dataDir, "studio.db"))).toBe(false);
    const report = await restore({ location, archive, key, allowUnencrypted: true });
    expect(report).toMatchObject({ uploads: 1, encrypted: false });
  });
});

it("backs up the uploads from the bucket and restores them into another bucket", async () => {
  const [from, to] = await Promise.all([startS3Server(), startS3Server()]);
  const source = await createTestDatabase("sqlite");
  const target = await createTestDatabase("sqlite", { migrate: false });
  onTestFinished(async () => {
    await Promise.all([from.close(), to.close(), source.destroy(), target.destroy()]);
  });
  await target.handle.close();
  for (const suffix of ["", "-wal", "-shm"]) {
    rmSync(path.join(target.dataDir, `studio.db${suffix}`), { force: true });
  }
  await from.client.send(
    new PutObjectCommand({
      Bucket: from.bucket,
      Key: "picture.png",
      Body: PNG,
      ContentType: "image/png",
    }),
  );
  const archive = path.join(source.dataDir, "backup.tar");
  await backUp({
    location: loadDataLocation({ DATA_DIR: source.dataDir, ...from.env }),
    out: archive,
  });
  // Nothing came from the data folder: the bucket is where the uploads are.
  expect(existsSync(uploadsDir(source.dataDir))).toBe(false);

  const report = await restore({
    location: loadDataLocation({ DATA_DIR: target.dataDir, ...to.env }),
    archive,
  });
  expect(report.uploads).toBe(1);
  expect(existsSync(uploadsDir(target.dataDir))).toBe(false);
  const restored = await to.client.send(
    new GetObjectCommand({ Bucket: to.bucket, Key: "picture.png" }),
  );
  expect(restored.ContentType).toBe("image/png");
  expect(Buffer.from((await restored.Body?.transformToByteArray()) ?? [])).toEqual(PNG);
});

it("names BACKUP_KEY when it is not a 32-byte key, and writes nothing", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "studio-key-"));
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const out = path.join(dataDir, "backup.tar");
  const BACKUP_KEY = Buffer.alloc(16).toString("base64");
  const result = await runCommand("backup", ["--out", out], { DATA_DIR: dataDir, BACKUP_KEY });
  expect(result.code).toBe(1);
  expect(result.stderr).toBe(
    "Invalid configuration:\n  BACKUP_KEY: must be 32 bytes written as 64 hex characters or in base64 (make one with: openssl rand -hex 32)\n",
  );
  expect(existsSync(out)).toBe(false);
});
