import { createHash } from "node:crypto";
import { createReadStream, type Stats } from "node:fs";
import { mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { z } from "#common/zod.ts";
import { isEncryptedArchive, openSealedArchive, sealArchive } from "./archive-encryption.server.ts";
import { MaintenanceError } from "./maintenance-error.server.ts";
import { isUploadFileName } from "./upload-files.server.ts";

export { MaintenanceError };

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

/**
 * Whether a path is one a backup holds: the manifest, the SQLite file or a table's rows, an upload
 * under its plain name, or the session secret. Anything else (`uploads/../x`, an absolute path, a
 * folder of its own) is never unpacked or written, whatever the manifest says.
 */
export function isArchivePath(archivePath: string): boolean {
  if (archivePath.startsWith("uploads/")) {
    return isUploadFileName(archivePath.slice("uploads/".length));
  }
  return (
    archivePath === ARCHIVE_PATHS.manifest ||
    archivePath === ARCHIVE_PATHS.sqliteFile ||
    archivePath === ARCHIVE_PATHS.sessionSecret ||
    /^database\/[a-z][a-z0-9_]{0,62}\.jsonl$/.test(archivePath)
  );
}

/** The folders an archive may hold besides its files. */
const ARCHIVE_FOLDERS = new Set(["uploads", "database"]);

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
 * Writes the manifest into the staging folder and packs it with the files it lists into `out`,
 * encrypted with `key` when one is given (archive-encryption.server.ts). The archive is written
 * under a temporary name beside `out` and renamed when complete, so a file at `out` is always a
 * whole archive.
 */
export async function packArchive(
  staging: string,
  manifest: Manifest,
  out: string,
  key?: Buffer,
): Promise<void> {
  await writeFile(path.join(staging, ARCHIVE_PATHS.manifest), JSON.stringify(manifest, null, 2), {
    mode: 0o600,
  });
  const gzip = /\.t?gz(\.enc)?$/i.test(out);
  const temp = `${out}.partial`;
  const plainDir = key ? await makeStagingDir() : undefined;
  try {
    // The archive holds password hashes, sessions and the session secret: only its owner may
    // read it. Made with that mode before tar writes into it, so it never exists readable.
    await rm(temp, { force: true });
    const plain = plainDir ? path.join(plainDir, "archive.tar") : temp;
    await (await open(plain, "wx", 0o600)).close();
    await tar.create({ file: plain, cwd: staging, gzip, portable: true }, [
      ARCHIVE_PATHS.manifest,
      ...manifest.files.map((file) => file.path),
    ]);
    if (key) await sealArchive(plain, temp, key);
    await rename(temp, out);
  } finally {
    await rm(temp, { force: true });
    if (plainDir) await rm(plainDir, { recursive: true, force: true });
  }
}

/** How an archive is opened: with the backup key, and whether an unencrypted one may be used. */
export type ArchiveKey = {
  /** BACKUP_KEY: an encrypted archive needs it, and with it an unencrypted one is refused... */
  key?: Buffer | undefined;
  /** ...unless this says an unencrypted archive may be restored anyway. */
  allowUnencrypted?: boolean;
};

export type OpenedArchive = {
  manifest: Manifest;
  /** The folder the archive was unpacked into. */
  dir: string;
  /** Whether it was encrypted, and so authenticated with BACKUP_KEY. */
  encrypted: boolean;
  /** Where an archive path was unpacked. */
  pathOf: (archivePath: string) => string;
  /** Removes the unpacked copy. */
  close: () => Promise<void>;
};

/**
 * Unpacks an archive into a temporary folder and checks it whole: decrypted and authenticated
 * with BACKUP_KEY when it is encrypted, only paths a backup has (in the archive and in its
 * manifest), a readable manifest of this format, every file it lists present with its size and
 * SHA-256, and nothing else. Throws MaintenanceError saying what is wrong otherwise, before
 * anything is restored.
 */
export async function openArchive(file: string, access: ArchiveKey = {}): Promise<OpenedArchive> {
  if (!(await stat(file).catch(() => null))?.isFile()) {
    throw new MaintenanceError(`No backup archive at ${file}.`);
  }
  const dir = await makeStagingDir();
  // Retried: after tar gives up on a damaged archive, a file it was writing may still be closing
  // in the folder (ENOTEMPTY).
  const close = () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  try {
    const encrypted = await unpack(file, access, dir);
    const manifest = await readManifest(dir, file);
    const problems: string[] = [];
    const listed = new Set<string>([ARCHIVE_PATHS.manifest]);
    for (const entry of manifest.files) {
      listed.add(entry.path);
      const found = await fileDigest(path.join(dir, entry.path)).catch(() => null);
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
      encrypted,
      pathOf: (archivePath) => path.join(dir, archivePath),
      close,
    };
  } catch (error) {
    // What was wrong with the archive is the answer, even if the unpacked copy could not go.
    await close().catch(() => undefined);
    throw error;
  }
}

/**
 * Unpacks the archive's plain files and folders into `dir`, after decrypting it into a private
 * folder of its own when it is encrypted. A link is never unpacked (a listed file that is one
 * counts as missing); an entry whose path a backup does not have refuses the whole archive.
 */
async function unpack(file: string, access: ArchiveKey, dir: string): Promise<boolean> {
  const opened = await decrypted(file, access);
  const refused: string[] = [];
  const allowed = (entryPath: string, entry: { type?: string } | Stats) => {
    const type = "type" in entry ? entry.type : undefined;
    const name = entryPath.replace(/\/+$/, "");
    if (type !== "File" && type !== "Directory") return false;
    const ok = type === "File" ? isArchivePath(name) : ARCHIVE_FOLDERS.has(name);
    if (!ok) refused.push(name);
    return ok;
  };
  try {
    await tar
      .extract({ file: opened.file, cwd: dir, strict: true, filter: allowed })
      .catch((error: Error) => {
        throw new MaintenanceError(`${file} is not a readable backup archive: ${error.message}`);
      });
  } finally {
    await opened.done();
  }
  const [first] = refused;
  if (first !== undefined) {
    throw new MaintenanceError(
      `${file} holds ${JSON.stringify(first)}${refused.length > 1 ? ` and ${refused.length - 1} more` : ""}, which no backup has; nothing was restored.`,
    );
  }
  return opened.encrypted;
}

/** The archive as a plain tar file, and how to remove the decrypted copy afterwards. */
async function decrypted(
  file: string,
  { key, allowUnencrypted }: ArchiveKey,
): Promise<{ file: string; encrypted: boolean; done: () => Promise<void> }> {
  if (!(await isEncryptedArchive(file))) {
    if (key && !allowUnencrypted) {
      throw new MaintenanceError(
        `${file} is not encrypted while BACKUP_KEY is set, so nothing proves it is unchanged (anyone who could write it could have changed secrets or password hashes); add --allow-unencrypted to restore it anyway. Nothing was restored.`,
      );
    }
    return { file, encrypted: false, done: async () => undefined };
  }
  if (!key) {
    throw new MaintenanceError(
      `${file} is encrypted: set BACKUP_KEY to the key it was made with. Nothing was restored.`,
    );
  }
  const temp = await makeStagingDir();
  const done = () => rm(temp, { recursive: true, force: true });
  const plain = path.join(temp, "archive.tar");
  try {
    await openSealedArchive(file, plain, key);
  } catch (error) {
    await done();
    throw error;
  }
  return { file: plain, encrypted: true, done };
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
  const seen = new Set<string>([ARCHIVE_PATHS.manifest]);
  for (const { path: listed } of parsed.data.files) {
    if (seen.has(listed) || !isArchivePath(listed)) {
      throw new MaintenanceError(
        `${file}: its manifest names ${JSON.stringify(listed)}, which ${seen.has(listed) ? "it names twice" : "no backup has"}; nothing was restored.`,
      );
    }
    seen.add(listed);
  }
  return parsed.data;
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
