import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { MaintenanceError } from "./maintenance-error.server.ts";

/**
 * An encrypted backup (BACKUP_KEY set): the archive, sealed whole with AES-256-GCM.
 *
 *   header (17 bytes): "SSBK", format 1, a random 12-byte nonce; authenticated, not encrypted
 *   the archive, encrypted
 *   the 16-byte authentication tag
 *
 * GCM's tag covers the header and every byte, so a different key, one changed byte or a cut-short
 * file all fail the same check. The tag is only known at the end: a restore decrypts into a
 * private temporary file and uses nothing of it before the tag has been verified.
 */

const MAGIC = Buffer.from("SSBK", "ascii");
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + NONCE_BYTES;
/** One key and nonce may seal at most 2^39 - 256 bits; a larger archive is refused, not weakened. */
const MAX_SEALED_BYTES = 2 ** 36 - 32;

/** Whether the file starts as an encrypted backup does. */
export async function isEncryptedArchive(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const start = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && start.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** Encrypts the archive at `plain` into `out`, a new file only its owner may read. */
export async function sealArchive(plain: string, out: string, key: Buffer): Promise<void> {
  const { size } = await stat(plain);
  if (size > MAX_SEALED_BYTES) {
    throw new MaintenanceError(
      `The archive is ${size} bytes, more than one encrypted backup may hold (64 GB). Nothing was written.`,
    );
  }
  const nonce = randomBytes(NONCE_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), nonce]);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(header);
  async function* sealed() {
    yield header;
    for await (const chunk of createReadStream(plain)) {
      const part = cipher.update(chunk as Buffer);
      if (part.length > 0) yield part;
    }
    const last = cipher.final();
    if (last.length > 0) yield last;
    yield cipher.getAuthTag();
  }
  await pipeline(sealed, createWriteStream(out, { flags: "wx", mode: 0o600 }));
}

/**
 * Decrypts an encrypted backup into `out` (a new file in a private folder) and verifies its tag.
 * Throws MaintenanceError when the file cannot be authenticated with `key`; `out` then holds
 * bytes nobody may use.
 */
export async function openSealedArchive(file: string, out: string, key: Buffer): Promise<void> {
  const refused = () =>
    new MaintenanceError(
      `${file} could not be authenticated with BACKUP_KEY: it was made with another key, or changed or cut short since. Nothing was restored.`,
    );
  const { size } = await stat(file);
  if (size < HEADER_BYTES + TAG_BYTES) throw refused();
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  const handle = await open(file, "r");
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC) || header[MAGIC.length] !== VERSION) {
    throw new MaintenanceError(
      `${file} is encrypted in a format this version does not know. Nothing was restored.`,
    );
  }
  const decipher = createDecipheriv("aes-256-gcm", key, header.subarray(MAGIC.length + 1));
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  async function* opened() {
    const body =
      size > HEADER_BYTES + TAG_BYTES
        ? createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 })
        : [];
    for await (const chunk of body) {
      const part = decipher.update(chunk as Buffer);
      if (part.length > 0) yield part;
    }
    try {
      yield decipher.final();
    } catch {
      throw refused();
    }
  }
  await pipeline(opened, createWriteStream(out, { flags: "wx", mode: 0o600 }));
}
