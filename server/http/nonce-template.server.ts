import { randomBytes, randomFillSync } from "node:crypto";
import { constants, crc32, deflateRaw } from "node:zlib";

/** Every CSP nonce is 16 random bytes in base64: always 24 characters. */
export const CSP_NONCE_LENGTH = 24;

const NONCE_BYTES = 16;
const POOLED_NONCES = 256;
// Random bytes for the next nonces, drawn from the system's generator in one call: a call per
// nonce would cost more than the rest of a cached answer. Each nonce still uses its own bytes.
const noncePool = Buffer.alloc(NONCE_BYTES * POOLED_NONCES);
let nextPooledNonce = POOLED_NONCES;

/** A fresh nonce for one response's Content-Security-Policy. */
export function createCspNonce(): string {
  if (nextPooledNonce === POOLED_NONCES) {
    randomFillSync(noncePool);
    nextPooledNonce = 0;
  }
  const start = nextPooledNonce * NONCE_BYTES;
  nextPooledNonce += 1;
  return noncePool.toString("base64", start, start + NONCE_BYTES);
}

/**
 * What a page rendered for the response cache carries instead of a nonce: as long as a nonce,
 * letters, digits, `-` and `_` only (nothing HTML, JSON or a header escapes), and random per
 * process, so no stored content can contain it by chance or design.
 */
export function createNoncePlaceholder(): string {
  return randomBytes(18).toString("base64url");
}

/** zlib's default; a template is compressed once and served many times. */
const GZIP_LEVEL = 6;
const DEFLATE_WINDOW = 32 * 1024;
// Stands for a nonce in the compressor's view of what came before a part. 0xff never occurs in
// UTF-8 text, so the compressor cannot copy from these bytes, and the part stays correct
// whatever nonce the response puts there.
const NONCE_FILLER = Buffer.alloc(CSP_NONCE_LENGTH, 0xff);
// The fixed 10-byte gzip header: deflate, no name, no time, operating system "unknown".
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const GZIP_TRAILER_LENGTH = 8;
// A stored (uncompressed) deflate block of CSP_NONCE_LENGTH bytes, not the last one: the block
// header byte, LEN and its one's complement, little-endian.
const STORED_NONCE_HEADER = Buffer.from([
  0,
  CSP_NONCE_LENGTH & 0xff,
  CSP_NONCE_LENGTH >> 8,
  ~CSP_NONCE_LENGTH & 0xff,
  (~CSP_NONCE_LENGTH >> 8) & 0xff,
]);

/**
 * A page body with a placeholder where each response puts its own CSP nonce, kept so that
 * every response gets a fresh nonce without rendering or compressing the page again.
 *
 * The gzip form is built once from the parts between the placeholders: each part is a raw
 * deflate stream flushed to a byte boundary, and each nonce goes between them as a stored
 * block, so a response costs a copy of the compressed parts and a checksum, not a compression.
 */
export class NonceTemplate {
  /** The text between the placeholders. */
  readonly #parts: Buffer[];
  readonly #length: number;
  readonly #checksum: NonceChecksum;
  #gzip: Promise<void> | undefined;
  #gzipReady: { deflated: Buffer[]; length: number } | undefined;

  private constructor(parts: Buffer[]) {
    this.#parts = parts;
    this.#length =
      parts.reduce((sum, part) => sum + part.length, 0) + (parts.length - 1) * CSP_NONCE_LENGTH;
    this.#checksum = new NonceChecksum(parts);
  }

  /** The template of a body, or null when the placeholder does not occur in it. */
  static parse(body: Buffer, placeholder: string): NonceTemplate | null {
    if (Buffer.byteLength(placeholder) !== CSP_NONCE_LENGTH) {
      throw new Error(`a nonce placeholder must be ${CSP_NONCE_LENGTH} bytes long`);
    }
    const marker = Buffer.from(placeholder);
    const parts: Buffer[] = [];
    let start = 0;
    for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, start)) {
      parts.push(body.subarray(start, at));
      start = at + marker.length;
    }
    if (parts.length === 0) return null;
    parts.push(body.subarray(start));
    return new NonceTemplate(parts);
  }

  /** Length of the body, the same whatever the nonce. */
  get length(): number {
    return this.#length;
  }

  /** The body with `nonce` in every place. */
  render(nonce: string): Buffer {
    checkNonce(nonce);
    const out = Buffer.allocUnsafe(this.#length);
    let offset = 0;
    let first = true;
    for (const part of this.#parts) {
      if (!first) offset += out.write(nonce, offset, "latin1");
      first = false;
      offset += part.copy(out, offset);
    }
    return out;
  }

  /** Compresses the parts, once; later calls share the work. */
  prepareGzip(): Promise<void> {
    this.#gzip ??= compressParts(this.#parts).then(
      (deflated) => {
        const length =
          GZIP_HEADER.length +
          deflated.reduce((sum, part) => sum + part.length, 0) +
          (deflated.length - 1) * (STORED_NONCE_HEADER.length + CSP_NONCE_LENGTH) +
          GZIP_TRAILER_LENGTH;
        this.#gzipReady = { deflated, length };
      },
      (error: unknown) => {
        // The next call tries again.
        this.#gzip = undefined;
        throw error;
      },
    );
    return this.#gzip;
  }

  /** True once prepareGzip() has finished, so renderGzip() may be called. */
  get gzipReady(): boolean {
    return this.#gzipReady !== undefined;
  }

  /** Length of the gzip form, once prepared. */
  get gzipLength(): number | undefined {
    return this.#gzipReady?.length;
  }

  /** The gzip-compressed body with `nonce` in every place; prepareGzip() must have finished. */
  renderGzip(nonce: string): Buffer {
    checkNonce(nonce);
    const ready = this.#gzipReady;
    if (!ready) throw new Error("renderGzip() called before prepareGzip() finished");
    const out = Buffer.allocUnsafe(ready.length);
    let offset = GZIP_HEADER.copy(out, 0);
    let first = true;
    for (const deflated of ready.deflated) {
      if (!first) {
        offset += STORED_NONCE_HEADER.copy(out, offset);
        offset += out.write(nonce, offset, "latin1");
      }
      first = false;
      offset += deflated.copy(out, offset);
    }
    offset = out.writeUInt32LE(this.#checksum.withNonce(nonce), offset);
    out.writeUInt32LE(this.#length >>> 0, offset);
    return out;
  }
}

function checkNonce(nonce: string) {
  if (nonce.length !== CSP_NONCE_LENGTH || Buffer.byteLength(nonce) !== CSP_NONCE_LENGTH) {
    throw new Error(`a nonce must be ${CSP_NONCE_LENGTH} ASCII characters`);
  }
}

/**
 * Raw deflate of each part. All but the last end with a sync flush (byte-aligned, not final);
 * each is compressed with what precedes it as the dictionary, nonces shown as NONCE_FILLER, so
 * it may refer back across the earlier parts just as a single stream would.
 */
function compressParts(parts: Buffer[]): Promise<Buffer[]> {
  const seen: Buffer[] = [];
  return Promise.all(
    parts.map((part, i) => {
      const before = Buffer.concat(seen);
      seen.push(part, NONCE_FILLER);
      const dictionary = before.subarray(Math.max(0, before.length - DEFLATE_WINDOW));
      return new Promise<Buffer>((resolve, reject) => {
        deflateRaw(
          part,
          {
            level: GZIP_LEVEL,
            finishFlush: i === parts.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
            ...(dictionary.length > 0 ? { dictionary } : {}),
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
      });
    }),
  );
}

/**
 * The CRC-32 of the body for any nonce, in one multiplication per response.
 *
 * CRC-32 is affine over GF(2): between two bodies that differ only in the nonce slots, the
 * CRCs differ by the CRC of the difference. Every slot holds the same nonce, so that difference
 * is one 24-byte pattern at known places, and its CRC is the pattern's CRC multiplied by the sum
 * of the powers of x that shift it from each slot to the end of the body (the arithmetic of
 * zlib's crc32_combine). The sum and the constant part are worked out once per template.
 */
class NonceChecksum {
  readonly #shifts: number;
  readonly #constant: number;

  constructor(parts: Buffer[]) {
    let shifts = 0;
    let after = parts.reduce((sum, part) => sum + part.length, 0) - (parts[0]?.length ?? 0);
    after += (parts.length - 1) * CSP_NONCE_LENGTH;
    for (const part of parts.slice(1)) {
      after -= CSP_NONCE_LENGTH;
      // The slot before this part is followed by the rest of the body: `after` bytes.
      shifts ^= crc32ShiftOperator(after);
      after -= part.length;
    }
    this.#shifts = shifts;
    const withFiller = crc32(joinWith(parts, NONCE_FILLER));
    this.#constant = withFiller ^ multiplyModP(shifts, crc32(Buffer.alloc(CSP_NONCE_LENGTH)));
  }

  /** The CRC-32 of the body with `nonce` in every slot. */
  withNonce(nonce: string): number {
    const difference = Buffer.from(nonce, "latin1");
    for (let i = 0; i < difference.length; i++) {
      difference.writeUInt8((difference.readUInt8(i) ^ 0xff) & 0xff, i);
    }
    return (this.#constant ^ multiplyModP(this.#shifts, crc32(difference))) >>> 0;
  }
}

function joinWith(parts: Buffer[], separator: Buffer): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    if (pieces.length > 0) pieces.push(separator);
    pieces.push(part);
  }
  return Buffer.concat(pieces);
}

const CRC_POLYNOMIAL = 0xedb88320 | 0;

/** a(x) * b(x) modulo the CRC polynomial, both in zlib's reflected bit order. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let multiplicand = b | 0;
  for (let bit = 1 << 31; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= multiplicand;
    multiplicand = multiplicand & 1 ? (multiplicand >>> 1) ^ CRC_POLYNOMIAL : multiplicand >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X_POWERS: readonly number[] = (() => {
  const table = [1 << 30]; // x^1
  for (let k = 1; k < 32; k++) {
    const previous = table[k - 1] ?? 0;
    table.push(multiplyModP(previous, previous));
  }
  return table;
})();

/** The operator that appends `length` zero bytes to a CRC (zlib's crc32_combine_gen). */
function crc32ShiftOperator(length: number): number {
  let operator = 1 << 31; // x^0
  let k = 3; // x^(8 * length): bytes to bits
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) operator = multiplyModP(X_POWERS[k % 32] ?? 0, operator);
  }
  return operator;
}
