import { createHash } from "node:crypto";
import { createReadStream, type Stats } from "node:fs";
import { mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { z } from "#common/zod.ts";

/**
 * A backup archive: one tar file (gzip-compressed when its name ends in .gz or .tgz) holding
 * `manifest.json` and the files it lists. Nothing in an archive is used before every file in it
 * has been found with the size and SHA-256 its manifest gives.
 */

export const ARCHIVE_FORMAT = "studio-site-backup";
export const ARCHIVE_FORMAT_VERSION = 1;

const ColumnSchema = z.object({
  name: z.string(),
  kind: z.enum(["text", "integer", "double", "boolean", "timestamp"]),
});

const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(["sqlite", "postgres"]),
    /** The migrations the database had applied: its schema version. */
    migrations: z.array(z.string()),
    /** Per table: its rows and, for a PostgreSQL export, its columns and checksum. */
    tables: z.record(
      z.string(),
      z.object({
        rows: z.number().int().min(0),
        sha256: z.string().optional(),
        columns: z.array(ColumnSchema).optional(),
      }),
    ),
  }),
  /** Every file in the archive but the manifest, with its size and SHA-256. */
  files: z.array(
    z.object({
      path: z.string(),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      contentType: z.string().optional(),
    }),
  ),
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type ManifestFile = Manifest["files"][number];

/** The archive paths of the parts. */
export const ARCHIVE_PATHS = {
  manifest: "manifest.json",
  sqliteFile: "database/studio.db",
  tableRows: (table: string) => `database/${table}.jsonl`,
  upload: (name: string) => `uploads/${name}`,
  sessionSecret: "session-secret",
} as const;

/** A refusal the commands print as it is, without a stack. */
export class MaintenanceError extends Error {
  override name = "MaintenanceError";
}

/** SHA-256 and size of a file, read as a stream. */
export async function fileDigest(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), size };
}

/** A folder the parts of an archive are put together in, or taken apart in. */
export async function makeStagingDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), "studio-backup-"));
}

/**
 * Writes the manifest into the staging folder and packs it with the files it lists into `out`.
 * The archive is written under a temporary name beside `out` and renamed when complete, so a
 * file at `out` is always a whole archive.
 */
export async function packArchive(staging: string, manifest: Manifest, out: string) {
  await writeFile(path.join(staging, ARCHIVE_PATHS.manifest), JSON.stringify(manifest, null, 2));
  const gzip = /\.(t?gz)$/i.test(out);
  const temp = `${out}.partial`;
  try {
    // The archive holds password hashes, sessions and the session secret: only its owner may
    // read it. Made with that mode before tar writes into it, so it never exists readable.
    await rm(temp, { force: true });
    await (await open(temp, "wx", 0o600)).close();
    await tar.create({ file: temp, cwd: staging, gzip, portable: true }, [
      ARCHIVE_PATHS.manifest,
      ...manifest.files.map((file) => file.path),
    ]);
    await rename(temp, out);
  } finally {
    await rm(temp, { force: true });
  }
}

export type OpenedArchive = {
  manifest: Manifest;
  /** The folder the archive was unpacked into. */
  dir: string;
  /** Where an archive path was unpacked. */
  pathOf: (archivePath: string) => string;
  /** Removes the unpacked copy. */
  close: () => Promise<void>;
};

/**
 * Unpacks an archive into a temporary folder and checks it whole: a readable manifest of this
 * format, every file it lists present with its size and SHA-256, and nothing else. Throws
 * MaintenanceError saying what is wrong otherwise, before anything is restored.
 */
export async function openArchive(file: string): Promise<OpenedArchive> {
  if (!(await stat(file).catch(() => null))?.isFile()) {
    throw new MaintenanceError(`No backup archive at ${file}.`);
  }
  const dir = await makeStagingDir();
  // Retried: after tar gives up on a damaged archive, a file it was writing may still be closing
  // in the folder (ENOTEMPTY).
  const close = () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  try {
    // Only plain files and folders are unpacked: a link in a backup is never followed.
    const plain = (_path: string, entry: { type?: string } | Stats) =>
      "type" in entry && (entry.type === "File" || entry.type === "Directory");
    await tar.extract({ file, cwd: dir, strict: true, filter: plain }).catch((error: Error) => {
      throw new MaintenanceError(`${file} is not a readable backup archive: ${error.message}`);
    });
    const manifest = await readManifest(dir, file);
    const problems: string[] = [];
    const listed = new Set<string>([ARCHIVE_PATHS.manifest]);
    for (const entry of manifest.files) {
      listed.add(entry.path);
      const unpacked = safeJoin(dir, entry.path);
      const found = unpacked ? await fileDigest(unpacked).catch(() => null) : null;
      if (!found) problems.push(`${entry.path} is missing`);
      else if (found.size !== entry.size || found.sha256 !== entry.sha256) {
        problems.push(`${entry.path} does not match its checksum`);
      }
    }
    for (const extra of (await listFiles(dir)).filter((name) => !listed.has(name))) {
      problems.push(`${extra} is not in the manifest`);
    }
    if (problems.length > 0) {
      throw new MaintenanceError(
        `${file} is damaged; nothing was restored:\n  ${problems.slice(0, 20).join("\n  ")}`,
      );
    }
    return {
      manifest,
      dir,
      pathOf: (archivePath) => path.join(dir, archivePath),
      close,
    };
  } catch (error) {
    // What was wrong with the archive is the answer, even if the unpacked copy could not go.
    await close().catch(() => undefined);
    throw error;
  }
}

async function readManifest(dir: string, file: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, ARCHIVE_PATHS.manifest), "utf8").catch(() => null);
  if (text === null) throw new MaintenanceError(`${file} holds no manifest.json: not a backup.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MaintenanceError(`${file}: manifest.json is not valid JSON.`);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new MaintenanceError(
      `${file}: manifest.json is not a ${ARCHIVE_FORMAT} manifest of version ${ARCHIVE_FORMAT_VERSION}.`,
    );
  }
  return parsed.data;
}

/** The path inside dir, or null for one that would leave it. */
function safeJoin(dir: string, archivePath: string): string | null {
  const joined = path.resolve(dir, archivePath);
  return joined.startsWith(`${dir}${path.sep}`) ? joined : null;
}

/** Every file under dir, as archive paths (forward slashes). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    );
}
